/**
 * What each kind of build file must be served as. A service worker that precaches a response
 * keeps it under the file's name for as long as that version lives: the SPA's HTML (or a captive
 * portal's page, or an error) kept as a script left ITMS Lapangan unable to start (issue 35).
 */
const TYPES: [file: RegExp, type: RegExp][] = [
  [/\.m?js$/, /^(text|application)\/javascript\b/],
  [/\.css$/, /^text\/css\b/],
  [/\.html$/, /^text\/html\b/],
  [/\.wasm$/, /^application\/wasm\b/],
  [/\.webmanifest$/, /^application\/manifest\+json\b/],
  [/\.json$/, /^application\/json\b/],
  [/\.png$/, /^image\/png\b/],
  [/\.svg$/, /^image\/svg\+xml\b/],
  [/\.ico$/, /^image\//],
];

/**
 * Whether a response is the build file `url` names: a 2xx with the content type of its kind
 * (a file of another kind: anything but HTML).
 */
export function isBuildFile(url: string, status: number, contentType: string | null): boolean {
  if (status < 200 || status > 299) return false;
  const { pathname } = new URL(url);
  const type = (contentType ?? '').toLowerCase();
  const rule = TYPES.find(([file]) => file.test(pathname));
  return rule ? rule[1].test(type) : !type.startsWith('text/html');
}
