import type * as Ionic from '@ionic/react';
import { IonTextarea as TextareaElement, defineCustomElement } from '@ionic/core/components/ion-textarea.js';
import { lazyComponent } from './lazy-component.ts';

export const IonTextarea = /*@__PURE__*/ lazyComponent<typeof Ionic.IonTextarea>(
  'ion-textarea',
  TextareaElement,
  defineCustomElement,
  {
    onIonChange: 'ionChange',
    onIonInput: 'ionInput',
    onIonBlur: 'ionBlur',
    onIonFocus: 'ionFocus',
  },
);
