import { type ReactNode, useId } from 'react';

/** A change that needs the server: with no signal it is disabled and says so. */
export function OnlineButton({
  online,
  disabled,
  onClick,
  children,
}: {
  online: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const note = useId();
  return (
    <span className="lp-online-action">
      <button
        className="lp-button"
        type="button"
        disabled={!online || disabled}
        aria-describedby={online ? undefined : note}
        onClick={onClick}
      >
        {children}
      </button>
      {!online && (
        <small id={note} className="lp-muted">
          Butuh sinyal
        </small>
      )}
    </span>
  );
}
