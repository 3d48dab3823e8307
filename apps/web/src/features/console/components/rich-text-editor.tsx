import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Code2,
  Table as TableIcon,
} from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { inputClass } from '../../../components/ui/input-class';

type Panel = 'link' | 'image' | 'html' | null;

/**
 * The news editor (Tiptap, loaded with the console's news page only): headings, lists, links,
 * images, tables, and pasting HTML. What it produces is only a draft: the server sanitises it
 * and the preview shows the server's result.
 */
export function RichTextEditor({
  labelId,
  initialHtml,
  onChange,
}: {
  labelId: string;
  initialHtml: string;
  onChange: (html: string) => void;
}) {
  const editor = useEditor({
    // The page's CSP allows our own styles; Tiptap's injected <style> is not needed.
    injectCSS: false,
    immediatelyRender: true,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
      }),
      Image,
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class:
          'news-editor min-h-64 rounded-b-lg border border-t-0 border-slate-300 bg-white px-3 py-2 focus:outline-2 focus:outline-brand-600 [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:text-xl [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mb-2 [&_td]:border [&_td]:border-slate-300 [&_td]:p-1 [&_th]:border [&_th]:border-slate-300 [&_th]:p-1 [&_ul]:list-disc [&_ul]:pl-6 [&_a]:text-brand-700 [&_a]:underline [&_img]:max-w-full',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  const [panel, setPanel] = useState<Panel>(null);
  if (!editor) return null;
  return (
    <div>
      <Toolbar editor={editor} panel={panel} setPanel={setPanel} />
      {panel && <InsertPanel editor={editor} kind={panel} onDone={() => setPanel(null)} />}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({
  editor,
  panel,
  setPanel,
}: {
  editor: Editor;
  panel: Panel;
  setPanel: (p: Panel) => void;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  const toggle = (p: Panel) => setPanel(panel === p ? null : p);
  return (
    <div
      role="toolbar"
      aria-label="Định dạng nội dung"
      className="flex flex-wrap gap-1 rounded-t-lg border border-slate-300 bg-slate-50 p-1"
    >
      <Tool label="Tiêu đề lớn" pressed={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        <Heading2 aria-hidden className="size-5" />
      </Tool>
      <Tool label="Tiêu đề nhỏ" pressed={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        <Heading3 aria-hidden className="size-5" />
      </Tool>
      <Tool label="In đậm" pressed={state.bold} onClick={() => chain().toggleBold().run()}>
        <Bold aria-hidden className="size-5" />
      </Tool>
      <Tool label="In nghiêng" pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
        <Italic aria-hidden className="size-5" />
      </Tool>
      <Tool label="Danh sách" pressed={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        <List aria-hidden className="size-5" />
      </Tool>
      <Tool
        label="Danh sách đánh số"
        pressed={state.ordered}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <ListOrdered aria-hidden className="size-5" />
      </Tool>
      <Tool label="Liên kết" pressed={panel === 'link' || state.link} onClick={() => toggle('link')}>
        <Link2 aria-hidden className="size-5" />
      </Tool>
      <Tool label="Chèn ảnh" pressed={panel === 'image'} onClick={() => toggle('image')}>
        <ImagePlus aria-hidden className="size-5" />
      </Tool>
      <Tool
        label="Chèn bảng"
        onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
      >
        <TableIcon aria-hidden className="size-5" />
      </Tool>
      <Tool label="Dán HTML" pressed={panel === 'html'} onClick={() => toggle('html')}>
        <Code2 aria-hidden className="size-5" />
      </Tool>
    </div>
  );
}

function Tool({
  label,
  pressed,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={pressed}
      onClick={onClick}
      className="grid size-11 place-items-center rounded-md text-slate-800 hover:bg-slate-200 aria-pressed:bg-brand-100 aria-pressed:text-brand-800"
    >
      {children}
    </button>
  );
}

const PANEL_LABELS: Record<Exclude<Panel, null>, { label: string; action: string }> = {
  link: { label: 'Địa chỉ liên kết (https://…)', action: 'Gắn liên kết' },
  image: { label: 'Địa chỉ ảnh (https://… hoặc /…)', action: 'Chèn ảnh' },
  html: { label: 'Mã HTML cần dán', action: 'Chèn HTML' },
};

/** A small inline form (no browser prompt) for a link, an image address or pasted HTML. */
function InsertPanel({
  editor,
  kind,
  onDone,
}: {
  editor: Editor;
  kind: Exclude<Panel, null>;
  onDone: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState(kind === 'link' ? (editor.getAttributes('link').href ?? '') : '');
  const apply = () => {
    const v = value.trim();
    const chain = editor.chain().focus();
    if (kind === 'link') {
      if (v) chain.extendMarkRange('link').setLink({ href: v }).run();
      else chain.extendMarkRange('link').unsetLink().run();
    } else if (kind === 'image' && v) chain.setImage({ src: v, alt: '' }).run();
    else if (kind === 'html' && v) chain.insertContent(v).run();
    onDone();
  };
  const { label, action } = PANEL_LABELS[kind];
  return (
    <div className="flex flex-col gap-2 border border-t-0 border-slate-300 bg-white p-2 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
          {label}
        </label>
        {kind === 'html' ? (
          <textarea
            id={id}
            rows={4}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            className={inputClass}
          />
        ) : (
          <input
            id={id}
            type="text"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            className={inputClass}
          />
        )}
      </div>
      <div className="flex gap-2">
        <button type="button" className={buttonPrimary} onClick={apply}>
          {action}
        </button>
        <button type="button" className={buttonSecondary} onClick={onDone}>
          Đóng
        </button>
      </div>
    </div>
  );
}
