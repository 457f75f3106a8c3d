import { IonButton, IonIcon } from '@ionic/react';
import { imageOutline } from 'ionicons/icons';
import { useState } from 'react';
import type { JornadaPosition } from '#contract/leaderboard';
import { useToast } from '../../lib/toast.ts';
import { jornadaSummary } from './jornada-summary.ts';
import { shareSummary } from './jornada-summary-image.ts';

interface ShareSummaryButtonProps {
  poolName: string;
  userId: number;
  round: { label: string; winners: readonly number[]; positions: readonly JornadaPosition[]; over: boolean };
}

/**
 * "Compartir resumen": a picture of a played jornada (its winners, the first five and the reader's row), made in the
 * browser and handed to the share sheet, or downloaded where the sheet takes no files.
 */
export function ShareSummaryButton({ poolName, userId, round }: ShareSummaryButtonProps) {
  const showToast = useToast();
  const [busy, setBusy] = useState(false);
  const share = async () => {
    setBusy(true);
    try {
      const outcome = await shareSummary(jornadaSummary(poolName, round, userId));
      // A closed share sheet did nothing: nothing to tell.
      if (outcome === 'shared') showToast({ message: 'Resumen compartido.', color: 'success' });
      else if (outcome === 'downloaded') showToast({ message: 'Resumen descargado como imagen.', color: 'success' });
    } catch {
      showToast({ message: 'No se pudo crear el resumen de la jornada.', color: 'danger' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <IonButton
      className="pool-ranking__share"
      fill="outline"
      disabled={busy}
      onClick={() => void share()}
      data-testid="share-summary"
    >
      <IonIcon slot="start" icon={imageOutline} aria-hidden="true" />
      Compartir resumen
    </IonButton>
  );
}
