import { Icon } from './icon.tsx';
import './screen-state.css';

export function EmptyState({ icon, text }: { icon: string; text: string }) {
  return (
    <div className="screen-state">
      <Icon src={icon} />
      <p>{text}</p>
    </div>
  );
}
