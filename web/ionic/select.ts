import type * as Ionic from '@ionic/react';
import { IonSelect as SelectElement, defineCustomElement as defineSelect } from '@ionic/core/components/ion-select.js';
import {
  IonSelectOption as OptionElement,
  defineCustomElement as defineOption,
} from '@ionic/core/components/ion-select-option.js';
import { lazyComponent } from './lazy-component.ts';

export const IonSelect = /*@__PURE__*/ lazyComponent<typeof Ionic.IonSelect>(
  'ion-select',
  SelectElement,
  defineSelect,
  {
    onIonChange: 'ionChange',
    onIonCancel: 'ionCancel',
    onIonDismiss: 'ionDismiss',
    onIonFocus: 'ionFocus',
    onIonBlur: 'ionBlur',
  },
);

export const IonSelectOption = /*@__PURE__*/ lazyComponent<typeof Ionic.IonSelectOption>(
  'ion-select-option',
  OptionElement,
  defineOption,
);
