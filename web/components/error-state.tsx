import { cloudOfflineOutline } from 'ionicons/icons';
import { Icon } from './icon.tsx';
import './screen-state.css';

/** What stays on screen after the error toast has gone. */
export function ErrorState({ text }: { text: string }) {
  return (
    <div className="screen-state">
      <Icon src={cloudOfflineOutline} />
      <p>{text}</p>
    </div>
  );
}
