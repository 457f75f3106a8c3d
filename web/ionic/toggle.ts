import type * as Ionic from '@ionic/react';
import { IonToggle as ToggleElement, defineCustomElement } from '@ionic/core/components/ion-toggle.js';
import { lazyComponent } from './lazy-component.ts';

export const IonToggle = /*@__PURE__*/ lazyComponent<typeof Ionic.IonToggle>(
  'ion-toggle',
  ToggleElement,
  defineCustomElement,
  {
    onIonChange: 'ionChange',
    onIonFocus: 'ionFocus',
    onIonBlur: 'ionBlur',
  },
);
