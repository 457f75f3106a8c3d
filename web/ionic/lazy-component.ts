import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

/**
 * An Ionic component's React wrapper, made with the same `createComponent`
 * call (same events) as @ionic/react's. @ionic/react is a single module, shared
 * by every screen that uses Ionic, so every wrapper imported from it brings its
 * component's code to all of those screens. Defined here instead, a component
 * arrives with the screens that use it. Call it with `/*@__PURE__*\/`
 * so an unused wrapper is dropped. Lint keeps those screens from importing
 * these names from '@ionic/react'.
 */
export function lazyComponent<Wrapper>(
  tagName: string,
  elementClass: { new (): HTMLElement; prototype: HTMLElement },
  defineCustomElement: () => void,
  events: Record<string, string> = {},
): Wrapper {
  return createComponent({ tagName, elementClass, react: React, events, defineCustomElement }) as Wrapper;
}
