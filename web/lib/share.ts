/**
 * Whether this browser has a system share sheet that takes `data`. Older Safari has share() without canShare(),
 * and shares no files.
 */
export const shareSheetTakes = (data: ShareData): boolean =>
  typeof navigator.share === 'function' && (navigator.canShare ? navigator.canShare(data) : !data.files);

/** 'unavailable': no share sheet for `data`, or it refused it; the caller passes it on some other way. */
export type SheetOutcome = 'shared' | 'cancelled' | 'unavailable';

/** Hands `data` to the system share sheet (WhatsApp and friends) where there is one. */
export async function shareWithSheet(data: ShareData): Promise<SheetOutcome> {
  if (!shareSheetTakes(data)) return 'unavailable';
  try {
    await navigator.share(data);
    return 'shared';
  } catch (error) {
    // The user closed the sheet: nothing happened, so nothing to tell.
    return error instanceof DOMException && error.name === 'AbortError' ? 'cancelled' : 'unavailable';
  }
}
