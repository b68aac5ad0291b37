import escapeHtml from 'escape-html';

/** Part of a paragraph: words, words in bold, a web address or an e-mail address (both shown as links). */
export type Inline = string | { strong: string } | { link: string } | { email: string };
/** A paragraph (one piece of text, or its parts in order). */
export type Paragraph = string | Inline[];
export type Block =
  | Paragraph
  | { heading: string }
  /** A button in the HTML part; the text part gives its label and address. */
  | { button: string; href: string }
  /** Label and value lines, such as a summary of what was registered. */
  | { rows: [string, string][] }
  /** A numbered list. */
  | { steps: Paragraph[] }
  /** A picture at an absolute address; the text part gives the address. */
  | { image: string; alt: string };

/** A transactional e-mail's body, read top to bottom. */
export type EmailContent = {
  title?: string;
  greeting: string;
  body: Block[];
  signOff?: string;
};

const FONT = 'font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5;max-width:600px';
const BUTTON =
  'display:inline-block;background:#f5b82e;color:#0b1530;padding:12px 20px;border-radius:8px;font-weight:bold;text-decoration:none';

const parts = (p: Paragraph): Inline[] => (typeof p === 'string' ? [p] : p);

function inlineHtml(part: Inline): string {
  if (typeof part === 'string') return escapeHtml(part);
  if ('strong' in part) return `<strong>${escapeHtml(part.strong)}</strong>`;
  if ('link' in part) return `<a href="${escapeHtml(part.link)}">${escapeHtml(part.link)}</a>`;
  return `<a href="mailto:${escapeHtml(part.email)}">${escapeHtml(part.email)}</a>`;
}

function inlineText(part: Inline): string {
  if (typeof part === 'string') return part;
  if ('strong' in part) return part.strong;
  if ('link' in part) return part.link;
  return part.email;
}

const paragraphHtml = (p: Paragraph) => parts(p).map(inlineHtml).join('');
const paragraphText = (p: Paragraph) => parts(p).map(inlineText).join('');

function blockHtml(block: Block): string {
  if (typeof block === 'string' || Array.isArray(block)) return `<p>${paragraphHtml(block)}</p>`;
  if ('heading' in block) return `<h2 style="font-size:18px">${escapeHtml(block.heading)}</h2>`;
  if ('button' in block) {
    const href = escapeHtml(block.href);
    return (
      `<p><a href="${href}" style="${BUTTON}">${escapeHtml(block.button)}</a></p>\n` +
      `<p>If the button does not work, copy this address into your browser:<br>${href}</p>`
    );
  }
  if ('rows' in block) {
    const rows = block.rows.map(
      ([k, v]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`,
    );
    return `<table style="border-collapse:collapse">${rows.join('')}</table>`;
  }
  if ('image' in block)
    return `<p><img src="${escapeHtml(block.image)}" alt="${escapeHtml(block.alt)}" style="max-width:100%;height:auto;border-radius:8px"></p>`;
  return `<ol>\n${block.steps.map((s) => `<li>${paragraphHtml(s)}</li>`).join('\n')}\n</ol>`;
}

function blockText(block: Block): string {
  if (typeof block === 'string' || Array.isArray(block)) return paragraphText(block);
  if ('heading' in block) return block.heading;
  if ('button' in block) return `${block.button}: ${block.href}`;
  if ('rows' in block) return block.rows.map(([k, v]) => `${k}: ${v}`).join('\n');
  if ('image' in block) return `${block.alt}: ${block.image}`;
  return block.steps.map((s, i) => `${i + 1}. ${paragraphText(s)}`).join('\n');
}

/**
 * The one layout of the site's transactional e-mails: the HTML part, every value escaped, and its
 * plain-text twin with the same words (a button becomes its label and address).
 */
export function emailLayout(content: EmailContent): { html: string; text: string } {
  const blocks: Block[] = [content.greeting, ...content.body, ...(content.signOff ? [content.signOff] : [])];
  const title = content.title ? `<h1 style="font-size:22px">${escapeHtml(content.title)}</h1>\n` : '';
  return {
    html: `<div style="${FONT}">\n${title}${blocks.map(blockHtml).join('\n')}\n</div>`,
    text: `${[...(content.title ? [content.title] : []), ...blocks.map(blockText)].join('\n\n')}\n`,
  };
}
