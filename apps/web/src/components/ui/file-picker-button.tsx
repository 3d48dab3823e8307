import { useRef, type ReactNode } from 'react';

/**
 * A button that opens the system's file chooser. The real <input type="file"> is hidden and out
 * of the tab order: its native look cannot be styled or translated (it would say "Choose file" in
 * the browser's language), so the button carries the Vietnamese words and the focus. The input is
 * cleared after each choice, so choosing the same file again (after a failed upload) fires again.
 */
export function FilePickerButton({
  accept,
  onFile,
  disabled = false,
  className,
  describedBy,
  inputId,
  children,
}: {
  /** The `accept` of the input: 'image/*', 'image/jpeg,image/png' … (the server checks again). */
  accept: string;
  /** The chosen file (nothing is called when the chooser is cancelled). */
  onFile: (file: File) => void;
  disabled?: boolean;
  className?: string;
  /** The id of the error or hint under the button, for screen readers. */
  describedBy?: string;
  /** The hidden input's id, for a test or a <label htmlFor>. */
  inputId?: string;
  children: ReactNode;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
      <button
        type="button"
        className={className}
        onClick={() => inputRef.current?.click()}
        disabled={disabled}
        aria-describedby={describedBy}
      >
        {children}
      </button>
    </>
  );
}
