import { FX, type TestApp } from './helpers';
import { multipartFile, TINY_PNG } from './multipart';

/**
 * Uploads a small PNG through POST /api/upload as the token's user and returns its path: a path
 * that user may cite in his records (the upload route records who uploaded it).
 */
export async function uploadPhoto(t: Pick<TestApp, 'app'>, token: string): Promise<string> {
  const { payload, headers } = multipartFile('image', 'foto.png', TINY_PNG, 'image/png');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...headers, access_token: token },
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().awsImage as string;
}

/** Several uploads by one user, in parallel. */
export async function uploadPhotos<K extends string>(
  t: Pick<TestApp, 'app'>,
  token: string,
  names: readonly K[],
): Promise<Record<K, string>> {
  const paths = await Promise.all(names.map(() => uploadPhoto(t, token)));
  return Object.fromEntries(names.map((n, i) => [n, paths[i]])) as Record<K, string>;
}

/** The signed `/files/...` link the API gives the token's user for a stored path. */
export async function signedFileUrl(t: Pick<TestApp, 'app'>, token: string, path: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/files/sign',
    headers: { access_token: token },
    payload: { paths: [path] },
  });
  const url = res.json().urls?.[path];
  if (res.statusCode !== 200 || !url) throw new Error(`sign failed: ${res.statusCode} ${res.body}`);
  return url as string;
}

/** A check record as a tire man sends it (the fields these tests set). */
export interface SentRecord {
  position: string;
  serial_number: string;
  groove_1: number;
  groove_2: number;
  groove_3: number;
  groove_4: number;
  pressure: number;
  condition?: string;
}

/**
 * A check sent by the tire man (`tokens.tireman`, with his own signature uploads) and, when
 * `validate`, validated by the EDP (`tokens.staff`), each record tied to the tire `tireIdOf` names.
 * Returns the check's id.
 */
export async function sendCheck(
  t: Pick<TestApp, 'app'>,
  tokens: { tireman: string; staff: string },
  check: {
    unit_id: number;
    location_id: number;
    project_id: number;
    odometer: number;
    records: SentRecord[];
  },
  {
    validate = true,
    tireIdOf,
  }: { validate?: boolean; tireIdOf: (r: SentRecord, i: number) => number | undefined },
): Promise<number> {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/tire-check',
    headers: { access_token: tokens.tireman },
    payload: { ...check, ...(await uploadPhotos(t, tokens.tireman, ['tireman_sign', 'driver_sign'])) },
  });
  if (sent.statusCode !== 201) throw new Error(`check not sent: ${sent.statusCode} ${sent.body}`);
  const id = sent.json().id as number;
  if (!validate) return id;
  const done = await t.app.inject({
    method: 'POST',
    url: `/api/tire-check/${id}/validate`,
    headers: { access_token: tokens.staff },
    payload: {
      edp_sign: (await uploadPhotos(t, tokens.staff, ['edp'])).edp,
      records: check.records.map((r, i) => ({ ...r, tire_id: tireIdOf(r, i), odometer: check.odometer })),
    },
  });
  if (done.statusCode !== 200) throw new Error(`check not validated: ${done.statusCode} ${done.body}`);
  return id;
}

/**
 * A replacement the tire man sends that only checks the tire at position 1 of `unit_id` (the
 * demo fleet's installed serial 11), citing his own `photo` for every picture. Returns its id.
 */
export async function sendCheckOnlyReplacement(
  t: Pick<TestApp, 'app'>,
  token: string,
  body: { unit_id: number; location_id: number; photo: string; spk: string; storing_call_id?: number },
): Promise<number> {
  const { photo, ...fields } = body;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tire-replacement',
    headers: { access_token: token },
    payload: {
      ...fields,
      odometer: 61000,
      plate_number_url: photo,
      odometer_url: photo,
      tireman_sign: photo,
      records: [
        {
          position: '1',
          status: 'check',
          serial_number: FX.installedSerial(11),
          groove_1: 9,
          groove_2: 9,
          groove_3: 9,
          groove_4: 9,
          pressure: 100,
        },
      ],
    },
  });
  if (res.statusCode !== 201) throw new Error(`replacement not sent: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}
