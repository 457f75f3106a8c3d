import { cloudOfflineOutline } from 'ionicons/icons';
import { MaskIcon } from './mask-icon.tsx';
import './screen-state.css';

/** What stays on screen after the error toast has gone. */
export function ErrorState({ text }: { text: string }) {
  return (
    <div className="screen-state">
      <MaskIcon src={cloudOfflineOutline} />
      <p>{text}</p>
    </div>
  );
}
