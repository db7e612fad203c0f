import sanitizeHtml from 'sanitize-html';

/** A CSS value without url(), expression() or escapes: colours, sizes, keywords. */
const SAFE_CSS = [/^[#\w\s.,%()-]+$/];

/**
 * The HTML an announcement may hold (sanitised on the server with a well-kept
 * sanitiser, `sanitize-html`): text formatting, headings, lists, tables, links (http, https,
 * mailto; opened in a new tab without opener) and images (http, https or a path of this server).
 * Scripts, styles, frames, forms, event handlers (`onerror`…), `javascript:`/`data:` URLs and
 * every attribute not listed are removed; a few inline styles (colour, alignment, size) remain.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'blockquote',
    'pre',
    'code',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      color: SAFE_CSS,
      'background-color': SAFE_CSS,
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d{1,3}(px|em|rem|%)$/],
      'font-weight': [/^(bold|normal|\d{3})$/],
      'text-decoration': [/^(underline|line-through|none)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }),
  },
};

/** The announcement HTML `html` with everything unsafe removed (see {@link OPTIONS}); '' for empty input. */
export function sanitizeAnnouncementHtml(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, OPTIONS);
}
