import { describe, expect, it } from 'vitest';
import { isIos, needsHomeScreenForPush, type DeviceInfo } from './platform.ts';

const iPhoneSafari: DeviceInfo = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  platform: 'iPhone',
  maxTouchPoints: 5,
  standalone: false,
  displayModeStandalone: false,
};
const iPadDesktopMode: DeviceInfo = {
  userAgent:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  platform: 'MacIntel',
  maxTouchPoints: 5,
  standalone: false,
  displayModeStandalone: false,
};
const macSafari: DeviceInfo = { ...iPadDesktopMode, maxTouchPoints: 0, standalone: undefined };
const androidChrome: DeviceInfo = {
  userAgent:
    'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
  platform: 'Linux armv81',
  maxTouchPoints: 5,
  displayModeStandalone: false,
};

describe('isIos', () => {
  it('recognises iPhones and iPads, also an iPad asking for desktop pages', () => {
    expect(isIos(iPhoneSafari)).toBe(true);
    expect(isIos(iPadDesktopMode)).toBe(true);
  });

  it('leaves out Macs and Android', () => {
    expect(isIos(macSafari)).toBe(false);
    expect(isIos(androidChrome)).toBe(false);
  });
});

describe('needsHomeScreenForPush', () => {
  it('is true in an iOS browser tab', () => {
    expect(needsHomeScreenForPush(iPhoneSafari)).toBe(true);
    expect(needsHomeScreenForPush(iPadDesktopMode)).toBe(true);
  });

  it('is false once the app is opened from the Home Screen', () => {
    expect(needsHomeScreenForPush({ ...iPhoneSafari, standalone: true })).toBe(false);
    expect(needsHomeScreenForPush({ ...iPhoneSafari, displayModeStandalone: true })).toBe(false);
  });

  it('is false elsewhere, where the browser asks for permission itself', () => {
    expect(needsHomeScreenForPush(androidChrome)).toBe(false);
    expect(needsHomeScreenForPush(macSafari)).toBe(false);
  });
});
