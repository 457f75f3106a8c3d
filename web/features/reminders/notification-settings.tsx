import '../../ionic/setup.ts';
import { IonButton, IonItem, IonLabel, IonList, IonListHeader } from '@ionic/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { messages } from '#contract/messages';
import { notificationMessages, type NotificationSettingBody } from '#contract/notifications';
import { LoadingState } from '../../components/loading-state.tsx';
import { ModalScreen } from '../../ionic/modal-screen.tsx';
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
export function NotificationSettingsModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <ModalScreen title="Avisos" isOpen={isOpen} onClose={onClose} closeText="Cerrar" closeAt="end">
      {isOpen && <NotificationSettingsList />}
    </ModalScreen>
  );
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
    onSuccess: (saved) => queryClient.setQueryData(reminderKeys.settings(), saved),
    onError: (error) => showToast({ message: errorMessage(error, notificationMessages.saveFailed), color: 'danger' }),
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

  const toggle = (label: string, checked: boolean, body: Omit<NotificationSettingBody, 'enabled'>, testId: string) => (
    <IonItem>
      <IonLabel>{label}</IonLabel>
      <input
        slot="end"
        type="checkbox"
        role="switch"
        aria-label={label}
        checked={checked}
        disabled={save.isPending}
        onChange={(event) => save.mutate({ ...body, enabled: event.currentTarget.checked })}
        data-testid={testId}
      />
    </IonItem>
  );

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
          {settings.data.pools.length === 0 ? (
            <p>{notificationMessages.noPools}</p>
          ) : (
            settings.data.pools.map((pool) => (
              <IonList inset key={pool.poolId}>
                <IonListHeader>{pool.poolName}</IonListHeader>
                {toggle('Pronósticos pendientes', pool.missingPicks, { kind: 'missing-picks', poolId: pool.poolId }, `setting-missing-${pool.poolId}`)}
                {toggle('Resultado de la jornada', pool.jornadaResults, { kind: 'jornada-results', poolId: pool.poolId }, `setting-results-${pool.poolId}`)}
              </IonList>
            ))
          )}
        </>
      )}
    </div>
  );
}
