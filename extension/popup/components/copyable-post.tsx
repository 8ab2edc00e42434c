/** A post Gavel wrote, shown as text with a button that copies it for the thread. */
export function CopyablePost({ id, title, text, copied, onCopy }: { readonly id: string; readonly title: string; readonly text: string; readonly copied: boolean; readonly onCopy: () => void }) {
  return (
    <div class="gavel-copyable" data-testid={`post-${id}`}>
      <div class="gavel-copyable__head">
        <strong>{title}</strong>
        <button type="button" class="gavel-button" data-testid={`copy-${id}`} onClick={onCopy}>
          {copied ? 'Copied ✓' : 'Copy'}
        </button>
      </div>
      <pre class="gavel-copyable__text">{text}</pre>
    </div>
  );
}
