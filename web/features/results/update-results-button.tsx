import { refreshOutline } from 'ionicons/icons';
import { resultsMessages } from '#contract/results';
import { Button } from '../../components/button.tsx';
import { failureToast } from '../../lib/outcome-toasts.ts';
import { useToast } from '../../lib/toast.ts';
import { useUpdateResults } from './api.ts';

/** The creator's "Actualizar Resultados": pull results, recompute, then show the fresh ranking. */
export function UpdateResultsButton() {
  const updateResults = useUpdateResults();
  const showToast = useToast();
  const update = () =>
    updateResults.mutate(undefined, {
      // Nothing fetched (no results source) is a warning, not a success.
      onSuccess: (response) =>
        showToast({ message: response.message, color: response.data.import ? 'success' : 'warning' }),
      onError: failureToast(resultsMessages.resultsUpdateFailed),
    });
  return (
    <Button
      block
      icon={refreshOutline}
      disabled={updateResults.isPending}
      onClick={update}
      data-testid="update-results"
    >
      Actualizar Resultados
    </Button>
  );
}
