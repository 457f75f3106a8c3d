import { IonButton, IonItem, IonLabel, IonList } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { peopleOutline } from 'ionicons/icons';
import { useEffect, useState } from 'react';
import type { User } from '#contract/accounts';
import { AdminSection } from '../../../components/admin-section.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { SearchField } from '../../../ionic/input-field.tsx';
import { presentAlert } from '../../../lib/alert.ts';
import { outcomeToasts } from '../../../lib/outcome-toasts.ts';
import { accountAdminQueries, useAdminResetLink, useSetRole } from './api.ts';
import { failureToast } from '../../../lib/outcome-toasts.ts';
import { showToast } from '../../../lib/toast.ts';

/** Typing pauses this long before the server is asked. */
const SEARCH_DELAY_MS = 300;

/**
 * "Usuarios": find an account, grant or revoke the admin role, or give it a link to choose a new password (mailed, or
 * on a server without mail shown here once, to hand over).
 */
export function AdminUsers({ selfId }: { selfId: number }) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const users = useQuery(accountAdminQueries.users(search));
  const setRole = useSetRole();
  const resetLink = useAdminResetLink();

  const sendResetLink = (user: User) =>
    resetLink.mutate(user.id, {
      onSuccess: ({ message, data }) => {
        if (!data) return showToast({ message, color: 'success' });
        void presentAlert({
          header: `Enlace para ${user.name}`,
          message,
          inputs: [
            {
              type: 'text',
              value: data.link,
              attributes: { readonly: true, 'aria-label': 'Enlace', 'data-testid': 'reset-link' },
            },
          ],
          buttons: [
            {
              text: 'Copiar',
              handler: () =>
                void navigator.clipboard
                  .writeText(data.link)
                  .then(() => showToast({ message: 'Enlace copiado.', color: 'success' })),
            },
            { text: 'Cerrar', role: 'cancel' },
          ],
        });
      },
      onError: failureToast('No se pudo crear el enlace.'),
    });

  const toggleAdmin = (user: User) => {
    const grant = user.role !== 'admin';
    void presentAlert({
      header: grant ? 'Dar rol de administrador' : 'Quitar rol de administrador',
      message: grant
        ? `${user.name} podrá editar partidos, equipos, resultados y roles.`
        : `${user.name} dejará de poder administrar la aplicación.`,
      buttons: [
        { text: 'Cancelar', role: 'cancel' },
        {
          text: grant ? 'Dar rol' : 'Quitar rol',
          role: 'confirm',
          handler: () =>
            setRole.mutate(
              { id: user.id, role: grant ? 'admin' : 'user' },
              outcomeToasts((response) => response.message, 'No se pudo cambiar el rol.'),
            ),
        },
      ],
    });
  };

  return (
    <AdminSection
      label="Usuarios"
      filters={
        <SearchField
          label="Buscar por nombre o correo"
          value={typed}
          onValueChange={setTyped}
          data-testid="admin-user-search"
        />
      }
    >
      {users.isPending ? (
        <LoadingState text="Cargando usuarios..." />
      ) : users.isError ? (
        <ErrorState text="No se pudieron cargar los usuarios." error={users.error} onRetry={users.refetch} />
      ) : users.data.length === 0 ? (
        <EmptyState icon={peopleOutline} text="Ningún usuario coincide con la búsqueda." />
      ) : (
        <IonList inset className="admin__list">
          {users.data.map((user) => (
            <IonItem key={user.id} data-testid="admin-user" data-user-id={user.id}>
              <IonLabel>
                <h3>
                  {user.name}
                  {user.id === selfId && ' (tú)'}
                </h3>
                <p>{user.email}</p>
                <p className={user.role === 'admin' ? 'admin__role admin__role--admin' : 'admin__role'}>
                  {user.role === 'admin' ? 'Administrador' : 'Jugador'}
                  {!user.emailConfirmed && ' · correo sin confirmar'}
                </p>
              </IonLabel>
              {/* Not on one's own row: one's password changes in Cuenta, and nobody drops their own admin role. */}
              {user.id !== selfId && (
                <>
                  <IonButton
                    slot="end"
                    size="small"
                    fill="clear"
                    disabled={resetLink.isPending && resetLink.variables === user.id}
                    onClick={() => sendResetLink(user)}
                    aria-label={`Enlace de contraseña para ${user.name}`}
                    data-testid="admin-reset-link"
                  >
                    Contraseña
                  </IonButton>
                  <IonButton
                    slot="end"
                    size="small"
                    fill="outline"
                    disabled={setRole.isPending && setRole.variables.id === user.id}
                    onClick={() => toggleAdmin(user)}
                    aria-label={user.role === 'admin' ? `Quitar admin a ${user.name}` : `Hacer admin a ${user.name}`}
                  >
                    {user.role === 'admin' ? 'Quitar admin' : 'Hacer admin'}
                  </IonButton>
                </>
              )}
            </IonItem>
          ))}
        </IonList>
      )}
      <p className="admin__hint">
        Nadie puede quitarse su propio rol de administrador: así la aplicación nunca se queda sin uno.
      </p>
    </AdminSection>
  );
}
