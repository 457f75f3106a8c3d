import { CopyCodeButton } from '../features/pools/invitation-buttons.tsx';
import { UpdateResultsButton } from '../features/results/update-results-button.tsx';

/**
 * The creator's two buttons on the pool's card (the spec's "Actualizar Resultados" and "Copiar Código"): loaded
 * for a creator only, so a member's first load of the pool does without them and the results feature (issue 38).
 */
export function PoolCreatorActions({ invitationCode }: { invitationCode: number }) {
  return (
    <div className="pool-detail__actions">
      <UpdateResultsButton />
      <CopyCodeButton invitationCode={invitationCode} />
    </div>
  );
}
