import type * as Ionic from '@ionic/react';
import {
  IonSegment as SegmentElement,
  defineCustomElement as defineSegment,
} from '@ionic/core/components/ion-segment.js';
import {
  IonSegmentButton as ButtonElement,
  defineCustomElement as defineButton,
} from '@ionic/core/components/ion-segment-button.js';
import { lazyComponent } from './lazy-component.ts';

export const IonSegment = /*@__PURE__*/ lazyComponent<typeof Ionic.IonSegment>(
  'ion-segment',
  SegmentElement,
  defineSegment,
  {
    onIonChange: 'ionChange',
  },
);

export const IonSegmentButton = /*@__PURE__*/ lazyComponent<typeof Ionic.IonSegmentButton>(
  'ion-segment-button',
  ButtonElement,
  defineButton,
);
