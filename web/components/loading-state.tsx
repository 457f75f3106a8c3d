import './screen-state.css';

export function LoadingState({ text }: { text: string }) {
  return (
    <div className="screen-state" role="status">
      {/* A CSS spinner: this state shows on screens that load no Ionic. */}
      <span className="screen-state__spinner" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}
