import '../../ionic/setup.ts';
import { IonButton, IonItem, IonList, IonListHeader } from '@ionic/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { messages } from '#contract/messages';
import {
  notificationMessages,
  type NotificationChannel,
  type NotificationSettingBody,
  type NotificationSettings,
  type PoolNotificationKind,
} from '#contract/notifications';
import { LoadingState } from '../../components/loading-state.tsx';
import { settingsModal } from '../../ionic/modal-screen.tsx';
import { IonToggle } from '../../ionic/toggle.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useToast } from '../../lib/toast.ts';
import { notificationSettingsQuery, reminderKeys, saveNotificationSetting } from './api.ts';
import {
  pushCapability,
  requestNotificationPermission,
  subscribedPushCapability,
  subscribeToPush,
  type PushCapability,
} from './notifications.ts';

const deviceText: Record<PushCapability, string> = {
  ready: notificationMessages.deviceReady,
  'in-page': notificationMessages.deviceInPage,
  'not-asked': notificationMessages.deviceNotAsked,
  denied: notificationMessages.deviceDenied,
  'ios-home-screen': notificationMessages.deviceIosHomeScreen,
  unsupported: notificationMessages.deviceUnsupported,
};

/**
 * "Avisos": whether this device can receive pushes (and why not), and each kind of notification on or off:
 * favourite reminders, and per pool the user plays the missing-picks reminders and the jornada results.
 * Opened from the bell in the tabs' toolbar (account-buttons.tsx).
 */
export const NotificationSettingsModal = settingsModal('Avisos', NotificationSettingsList);

/** A pool's settings, as the dialog lists them: each by push, then each by e-mail where the server sends it. */
const POOL_SETTINGS: { kind: PoolNotificationKind; label: string; testId: string }[] = [
  { kind: 'missing-picks', label: 'Pronósticos pendientes', testId: 'setting-missing' },
  { kind: 'jornada-results', label: 'Resultado de la jornada', testId: 'setting-results' },
];

/** The field of a pool's settings that holds `kind` by `channel` (push when absent). */
const poolSettingKey = (kind: PoolNotificationKind, channel?: NotificationChannel) =>
  `${kind === 'missing-picks' ? 'missingPicks' : 'jornadaResults'}${channel === 'email' ? 'Email' : ''}` as const;

/** The settings with one of them changed, as the dialog shows them while the server saves the change. */
function withSetting(settings: NotificationSettings, { kind, poolId, enabled, channel }: NotificationSettingBody): NotificationSettings {
  if (kind === 'favorite-reminders') return { ...settings, favoriteReminders: enabled };
  const key = poolSettingKey(kind, channel);
  return { ...settings, pools: settings.pools.map((pool) => (pool.poolId === poolId ? { ...pool, [key]: enabled } : pool)) };
}

function NotificationSettingsList() {
  const queryClient = useQueryClient();
  const settings = useQuery(notificationSettingsQuery());
  const showToast = useToast();
  const [device, setDevice] = useState(pushCapability);
  const [enabling, setEnabling] = useState(false);
  // A granted permission is not a subscription: this browser's push service may have refused one.
  useEffect(() => {
    let current = true;
    void subscribedPushCapability().then((checked) => current && setDevice(checked));
    return () => {
      current = false;
    };
  }, []);
  const save = useMutation({
    mutationFn: saveNotificationSetting,
    // The switch shows the change at once and goes back when the server refuses it: Ionic's toggle would otherwise
    // keep what was tapped, its `checked` never having changed.
    onMutate: (body) => {
      const before = queryClient.getQueryData<NotificationSettings>(reminderKeys.settings());
      if (before) queryClient.setQueryData(reminderKeys.settings(), withSetting(before, body));
      return { before };
    },
    onSuccess: (saved) => queryClient.setQueryData(reminderKeys.settings(), saved),
    onError: (error, _body, context) => {
      if (context?.before) queryClient.setQueryData(reminderKeys.settings(), context.before);
      showToast({ message: errorMessage(error, notificationMessages.saveFailed), color: 'danger' });
    },
  });

  const enableDevice = async () => {
    setEnabling(true);
    try {
      const permission = await requestNotificationPermission().catch(() => 'denied' as const);
      const outcome = permission === 'granted' ? await subscribeToPush() : null;
      setDevice(await subscribedPushCapability());
      if (outcome === 'subscribed') showToast({ message: notificationMessages.deviceEnabled, color: 'success' });
      else if (outcome === 'refused' || outcome === 'unsupported') showToast({ message: notificationMessages.deviceRefused, color: 'danger' });
      else if (outcome === 'failed') showToast({ message: notificationMessages.deviceFailed, color: 'danger' });
    } finally {
      setEnabling(false);
    }
  };

  // Ionic's toggle in its item: the whole row, label included, switches it (a 48 px row, not a 13 px box).
  const toggle = (
    label: string,
    checked: boolean,
    body: Omit<NotificationSettingBody, 'enabled'>,
    testId: string,
    // By e-mail, turned on only for a confirmed address (what is on can always be turned off).
    locked = false,
  ) => (
    <IonItem key={testId}>
      <IonToggle
        checked={checked}
        disabled={save.isPending || (locked && !checked)}
        onIonChange={(event) => save.mutate({ ...body, enabled: event.detail.checked })}
        data-testid={testId}
      >
        {label}
      </IonToggle>
    </IonItem>
  );

  const email = settings.data?.email ?? { available: false, confirmed: false };
  const poolChannels: NotificationChannel[] = email.available ? ['push', 'email'] : ['push'];
  return (
    <div className="notification-settings">
      <p data-testid="push-capability">{deviceText[device]}</p>
      {(device === 'not-asked' || device === 'in-page' || device === 'ready') && (
        <IonButton expand="block" fill="outline" disabled={enabling} onClick={() => void enableDevice()} data-testid="enable-push">
          {notificationMessages.enableDevice}
        </IonButton>
      )}
      {settings.isPending ? (
        <LoadingState text="Cargando..." />
      ) : settings.isError ? (
        <p>{errorMessage(settings.error, messages.unknownError)}</p>
      ) : (
        <>
          <IonList inset>
            {toggle('Recordatorios de partidos favoritos', settings.data.favoriteReminders, { kind: 'favorite-reminders' }, 'setting-favorites')}
          </IonList>
          <p data-testid="email-notifications">
            {!email.available ? notificationMessages.emailUnavailable : !email.confirmed ? notificationMessages.emailUnconfirmed : notificationMessages.emailOffered}
          </p>
          {settings.data.pools.length === 0 ? (
            <p>{notificationMessages.noPools}</p>
          ) : (
            settings.data.pools.map((pool) => (
              <IonList inset key={pool.poolId}>
                <IonListHeader>{pool.poolName}</IonListHeader>
                {poolChannels.flatMap((channel) =>
                  POOL_SETTINGS.map(({ kind, label, testId }) => {
                    const byEmail = channel === 'email';
                    return toggle(
                      byEmail ? `${label}, por correo` : label,
                      pool[poolSettingKey(kind, channel)],
                      { kind, poolId: pool.poolId, ...(byEmail && { channel }) },
                      `${testId}${byEmail ? '-email' : ''}-${pool.poolId}`,
                      byEmail && !email.confirmed,
                    );
                  }),
                )}
              </IonList>
            ))
          )}
        </>
      )}
    </div>
  );
}
