import type * as Ionic from '@ionic/react';
import {
  IonRefresher as RefresherElement,
  defineCustomElement as defineRefresher,
} from '@ionic/core/components/ion-refresher.js';
import {
  IonRefresherContent as ContentElement,
  defineCustomElement as defineContent,
} from '@ionic/core/components/ion-refresher-content.js';
import { lazyComponent } from './lazy-component.ts';

export const IonRefresher = /*@__PURE__*/ lazyComponent<typeof Ionic.IonRefresher>(
  'ion-refresher',
  RefresherElement,
  defineRefresher,
  {
    onIonRefresh: 'ionRefresh',
    onIonPull: 'ionPull',
    onIonStart: 'ionStart',
    onIonPullStart: 'ionPullStart',
    onIonPullEnd: 'ionPullEnd',
  },
);

export const IonRefresherContent = /*@__PURE__*/ lazyComponent<typeof Ionic.IonRefresherContent>(
  'ion-refresher-content',
  ContentElement,
  defineContent,
);
