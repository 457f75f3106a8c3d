import type * as Ionic from '@ionic/react';
import { IonInput as InputElement, defineCustomElement } from '@ionic/core/components/ion-input.js';
import { lazyComponent } from './lazy-component.ts';

export const IonInput = /*@__PURE__*/ lazyComponent<typeof Ionic.IonInput>(
  'ion-input',
  InputElement,
  defineCustomElement,
  {
    onIonInput: 'ionInput',
    onIonChange: 'ionChange',
    onIonBlur: 'ionBlur',
    onIonFocus: 'ionFocus',
  },
);
