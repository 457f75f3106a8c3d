/** What the checks read from `navigator` (a parameter, so tests can describe any device). */
export interface DeviceInfo {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  /** Safari's own flag: true when opened from the Home Screen. */
  standalone?: boolean;
  /** Whether the page runs as an installed app (`display-mode: standalone`). */
  displayModeStandalone: boolean;
}

export function currentDevice(): DeviceInfo {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    platform: nav.platform,
    maxTouchPoints: nav.maxTouchPoints,
    standalone: nav.standalone,
    displayModeStandalone: typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches,
  };
}

/** iPhone, iPod, or an iPad (which asks for desktop pages and calls itself a touch-screen Mac). */
export function isIos({ userAgent, platform, maxTouchPoints }: DeviceInfo): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
}

/**
 * iOS offers notifications and Web Push only to web apps opened from the Home
 * Screen: in a browser tab the reminders cannot work, and the user should be told how.
 */
export function needsHomeScreenForPush(device: DeviceInfo = currentDevice()): boolean {
  return isIos(device) && device.standalone !== true && !device.displayModeStandalone;
}

/** Shown instead of the permission request when `needsHomeScreenForPush()`. */
export const homeScreenPushNote =
  'Partido guardado. En iPhone y iPad, para recibir recordatorios añade Quiniela a la pantalla de inicio (Compartir → Añadir a pantalla de inicio).';
