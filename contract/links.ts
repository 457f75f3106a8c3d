const INVITATION = '/unirse';

/**
 * The web app's paths that the server writes into the links it mails or hands out (web/lib/paths.ts routes them).
 * No zod here: the web app's first load imports it.
 */
export const linkPaths = {
  signIn: '/login',
  register: '/register',
  /** The link a pool's invitation opens: the join dialog with the code filled in. */
  invitationPrefix: INVITATION,
  invitation: (code: number | string) => `${INVITATION}/${code}`,
  /** "¿Olvidaste tu contraseña?": asking for a reset link. */
  forgotPassword: '/recuperar-contrasena',
  /** Choosing a new password from a reset link. */
  resetPassword: '/nueva-contrasena',
  /** Confirming an address (the account's own, or the one it is changing to). */
  confirmEmail: '/confirmar-correo',
  /** Leaving an e-mail reminder from the link in the mail. */
  unsubscribe: '/baja',
  /** Inicio with "Avisos" open (web/lib/paths.ts `NOTIFICATION_SETTINGS_PARAM`). */
  notificationSettings: '/tabs/home?avisos',
} as const;

/**
 * A link that carries a token, in its fragment: browsers send a fragment to no server (no access log holds it) and
 * in no `Referer`; the page hands it to the API.
 */
export const tokenLink = (origin: string, path: string, token: string) => `${origin}${path}#${token}`;
