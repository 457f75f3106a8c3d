/**
 * Every Spanish text that both sides need: the spec's validation and error
 * catalogue (sections 5 and 8) plus the server's own messages. Keeping them in
 * one module means a toast and the API can never disagree on wording.
 */
export const messages = {
  // The spec's validation messages and error catalogue (client texts, word for word)
  fillAllFields: 'Por favor, completa todos los campos.',
  signInErrorTitle: 'Error al iniciar sesión',
  signInFailed: 'No se pudo iniciar sesión.',
  signUpErrorTitle: 'Error en el registro',
  signUpFailed: 'No se pudo completar el registro.',
  invalidStoredProfile: 'Error al cargar tu perfil. Por favor, inicia sesión de nuevo.',
  unknownError: 'Ocurrió un error desconocido',
  loadTeamsFailed: 'Error al cargar los equipos',
  loadMatchesFailed: 'Error al cargar los partidos',
  loadingMatches: 'Cargando partidos...',
  noMatches: 'No hay partidos disponibles',
  noFavoriteMatches: 'Aún no tienes partidos favoritos. ¡Explora y añade algunos!',
  mustSignInForPools: 'Debes iniciar sesión para ver tus quinielas.',
  networkUnavailable: 'Sin conexión y sin datos guardados para esta consulta.',
  retry: 'Reintentar',
  deleted: 'Eliminado.',
  /** The sign-in screen's link to a reset by mail (only where the server sends mail). */
  forgotPassword: '¿Olvidaste tu contraseña?',

  // Server messages (the brief's API contract: short, fit for a toast)
  invalidCredentials: 'Correo o contraseña incorrectos.',
  emailTaken: 'Ya existe una cuenta con ese correo electrónico.',
  unauthenticated: 'Debes iniciar sesión.',
  sessionExpired: 'Tu sesión ha caducado. Inicia sesión de nuevo.',
  /** A token the server no longer has: signed out (here or elsewhere), revoked, or expired and swept away. */
  sessionEnded: 'Tu sesión se cerró o caducó. Inicia sesión de nuevo.',
  forbidden: 'No tienes permiso para hacer esto.',
  notFound: 'No encontrado.',
  routeNotFound: 'La ruta solicitada no existe.',
  tooManySignInAttempts: 'Demasiados intentos fallidos. Inténtalo de nuevo en unos minutos.',
  tooManyRequests: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
  invalidJson: 'El cuerpo de la solicitud no es un JSON válido.',
  jsonTooDeep: 'El cuerpo de la solicitud anida demasiados niveles (como mucho 400).',
  bodyTooLarge: 'La solicitud es demasiado grande.',
  unsupportedMediaType: 'Tipo de contenido no admitido. Envía JSON.',
  invalidInput: 'Datos no válidos.',
  unstorableText: 'contiene caracteres no permitidos (carácter nulo o UTF-16 mal formado).',
  serviceUnavailable: 'El servicio no está disponible. Inténtalo más tarde.',
  internalError: 'Error interno del servidor.',
  /** A pool's rules (game and options) are fixed from its first counted kick-off (server/modules/pools/pool-rules.ts). */
  rulesFrozen: 'Las reglas ya no se pueden cambiar: la quiniela ha empezado.',
} as const;

/** Spanish names of the fields the API validates, used in "which field" errors. */
export const fieldLabels: Record<string, string> = {
  name: 'nombre',
  email: 'correo electrónico',
  password: 'contraseña',
  /** A mailed link's token: its message speaks of the link. */
  token: 'enlace',
  emails: 'correos',
  id: 'id',
  description: 'descripción',
  maxParticipants: 'máximo de participantes',
  invitationCode: 'código de invitación',
  creatorId: 'usuario',
  userId: 'usuario',
  prediction: 'predicción',
  matchId: 'partido',
  poolId: 'quiniela',
  weekNumber: 'jornada',
  matchDate: 'fecha',
  status: 'estado',
  scoreHome: 'marcador',
  scoreAway: 'marcador',
  homeTeamId: 'equipo',
  awayTeamId: 'equipo',
  endpoint: 'suscripción',
  keys: 'claves de la suscripción',
  'keys.p256dh': 'claves de la suscripción',
  'keys.auth': 'claves de la suscripción',
};
