// What the login screens (back-office and field app) say about an account open elsewhere. No zod
// here: the login pages' first JavaScript stays small.

export const ALREADY_LOGGED_IN_TEXT = 'Akun sedang digunakan atau Login di perangkat lain';
export const TAKEOVER_LABEL = 'Keluarkan sesi lain';
export const TAKEOVER_HINT =
  'Bila perangkat lain itu milik Anda (misalnya browser yang tertutup), keluarkan sesinya dan masuk di sini. Perangkat lain akan keluar.';
export const TAKEOVER_DONE = 'Sesi di perangkat lain telah diakhiri';
