import { useT } from '../store';

/** A post Gavel wrote, shown as text with a button that copies it for the thread. */
export function CopyablePost({
  id,
  title,
  text,
  copied,
  onCopy,
}: {
  readonly id: string;
  readonly title: string;
  readonly text: string;
  readonly copied: boolean;
  readonly onCopy: () => void;
}) {
  const t = useT();
  return (
    <div class="gavel-copyable" data-testid={`post-${id}`}>
      <div class="gavel-copyable__head">
        <strong>{title}</strong>
        <button type="button" class="gavel-button" data-testid={`copy-${id}`} onClick={onCopy}>
          {copied ? t('popup_copied') : t('popup_copy')}
        </button>
      </div>
      <pre class="gavel-copyable__text">{text}</pre>
    </div>
  );
}
