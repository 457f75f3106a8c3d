import { MaskIcon } from './mask-icon.tsx';
import './screen-state.css';

export function EmptyState({ icon, text }: { icon: string; text: string }) {
  return (
    <div className="screen-state">
      <MaskIcon src={icon} />
      <p>{text}</p>
    </div>
  );
}
