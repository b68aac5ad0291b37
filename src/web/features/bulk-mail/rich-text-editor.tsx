import { useEffect, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import Image from '@tiptap/extension-image';
import { Bold, Heading2, Heading3, ImagePlus, Italic, Link2, List, ListOrdered, Unlink } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { cn } from '../../lib/cn';

/** The merge fields the server fills in for each recipient (src/server/features/bulk-mail/content.ts). */
const MERGE_FIELDS = [
  ['{{firstName}}', 'First name'],
  ['{{teamName}}', 'Team name'],
] as const;

/** How the message's own elements look while writing (the site has no typography plugin). */
const CONTENT_STYLE =
  '[&_h2]:mt-3 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_a]:text-navy-700 [&_a]:underline [&_img]:my-2 [&_img]:max-w-full';

export type RichTextEditorProps = {
  /** The id the composer's label points at. */
  id: string;
  value: string;
  onChange: (html: string) => void;
};

function ToolButton({ label, active, onClick, children }: { label: string; active?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm text-navy-900 hover:bg-navy-50',
        active && 'bg-navy-100',
      )}
    >
      {children}
    </button>
  );
}

/** Asks for a link's or an image's address in the page (no browser prompt), and applies it. */
function AddressForm({ kind, editor, onDone }: { kind: 'link' | 'image'; editor: Editor; onDone: () => void }) {
  const [url, setUrl] = useState(kind === 'link' ? ((editor.getAttributes('link').href as string | undefined) ?? '') : '');
  const [error, setError] = useState('');
  const label = kind === 'link' ? 'Link address' : 'Image address';
  const apply = () => {
    const value = url.trim();
    // The server keeps http(s) and mailto links and https images only; say so here rather than lose them.
    const ok = kind === 'link' ? /^(https?:\/\/|mailto:)\S+$/i.test(value) : /^https:\/\/\S+$/i.test(value);
    if (!ok)
      return setError(
        kind === 'link' ? 'Enter an address starting with https:// or mailto:' : 'Enter an image address starting with https://',
      );
    if (kind === 'link') editor.chain().focus().extendMarkRange('link').setLink({ href: value }).run();
    else editor.chain().focus().setImage({ src: value, alt: '' }).run();
    onDone();
  };
  return (
    <div className="flex flex-wrap items-end gap-2 border-b border-slate-200 bg-slate-50 p-2">
      <div className="min-w-56 flex-1">
        <Label htmlFor={`composer-${kind}-url`}>{label}</Label>
        <Input
          id={`composer-${kind}-url`}
          type="url"
          value={url}
          autoFocus
          aria-invalid={!!error}
          onChange={(e) => setUrl(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
        />
        {error && (
          <p role="alert" className="mt-1 text-sm text-rally-600">
            {error}
          </p>
        )}
      </div>
      <Button size="sm" variant="secondary" onClick={apply}>
        {kind === 'link' ? 'Apply link' : 'Insert image'}
      </Button>
      <Button size="sm" variant="outline" onClick={onDone}>
        Cancel
      </Button>
    </div>
  );
}

/**
 * The composer's rich-text editor (TipTap): headings, bold, italic, links, lists and images by
 * address, and buttons that insert the merge fields. Loaded only by the admin pages' composer,
 * in its own chunk. What it writes is HTML; the server sanitises it again before sending.
 */
export default function RichTextEditor({ id, value, onChange }: RichTextEditorProps) {
  const [asking, setAsking] = useState<'link' | 'image' | null>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, link: false, code: false, codeBlock: false }),
      Link.configure({ openOnClick: false, autolink: true, protocols: ['mailto'] }),
      Image,
    ],
    content: value,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': 'Message',
        class: `${CONTENT_STYLE} min-h-48 px-3 py-2 focus:outline-none`,
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // A draft opened, or the HTML edited by hand: the editor shows the new content.
  useEffect(() => {
    if (editor && value !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      link: e?.isActive('link') ?? false,
      bullets: e?.isActive('bulletList') ?? false,
      numbers: e?.isActive('orderedList') ?? false,
    }),
  });
  if (!editor) return null;
  const run = () => editor.chain().focus();

  return (
    <div className="rounded-lg border border-slate-300 bg-white focus-within:border-navy-600 focus-within:ring-2 focus-within:ring-navy-200">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 p-1">
        <ToolButton label="Heading" active={state?.h2} onClick={() => run().toggleHeading({ level: 2 }).run()}>
          <Heading2 className="h-4 w-4" aria-hidden />
        </ToolButton>
        <ToolButton label="Subheading" active={state?.h3} onClick={() => run().toggleHeading({ level: 3 }).run()}>
          <Heading3 className="h-4 w-4" aria-hidden />
        </ToolButton>
        <ToolButton label="Bold" active={state?.bold} onClick={() => run().toggleBold().run()}>
          <Bold className="h-4 w-4" aria-hidden />
        </ToolButton>
        <ToolButton label="Italic" active={state?.italic} onClick={() => run().toggleItalic().run()}>
          <Italic className="h-4 w-4" aria-hidden />
        </ToolButton>
        <ToolButton label="Bulleted list" active={state?.bullets} onClick={() => run().toggleBulletList().run()}>
          <List className="h-4 w-4" aria-hidden />
        </ToolButton>
        <ToolButton label="Numbered list" active={state?.numbers} onClick={() => run().toggleOrderedList().run()}>
          <ListOrdered className="h-4 w-4" aria-hidden />
        </ToolButton>
        <ToolButton label="Link" active={state?.link} onClick={() => setAsking('link')}>
          <Link2 className="h-4 w-4" aria-hidden />
        </ToolButton>
        {state?.link && (
          <ToolButton label="Remove link" onClick={() => run().extendMarkRange('link').unsetLink().run()}>
            <Unlink className="h-4 w-4" aria-hidden />
          </ToolButton>
        )}
        <ToolButton label="Image" onClick={() => setAsking('image')}>
          <ImagePlus className="h-4 w-4" aria-hidden />
        </ToolButton>
        <span className="mx-1 h-6 w-px bg-slate-200" aria-hidden />
        {MERGE_FIELDS.map(([field, name]) => (
          <ToolButton key={field} label={`Insert ${name.toLowerCase()}`} onClick={() => run().insertContent(field).run()}>
            <span className="text-xs font-semibold">+ {name}</span>
          </ToolButton>
        ))}
      </div>
      {asking && <AddressForm key={asking} kind={asking} editor={editor} onDone={() => setAsking(null)} />}
      <EditorContent editor={editor} />
    </div>
  );
}
