import sanitizeHtml from 'sanitize-html';

/**
 * Admin-written mail HTML (mass mail, step mails): only what mail clients render and nothing that
 * runs or loads from elsewhere on its own: no scripts, forms, frames, event handlers or styles
 * sheets; links only http(s) and mailto; images only https.
 */
export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'hr', 'div', 'span', 'a', 'b', 'strong', 'i', 'em', 'u', 's', 'small', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img'],
    allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'], '*': ['style'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowedStyles: { '*': { color: [/^#[0-9a-f]{3,6}$/i, /^[a-z]+$/i], 'text-align': [/^(left|right|center)$/], 'font-weight': [/^(bold|normal|\d{3})$/], 'font-size': [/^\d{1,2}px$/] } },
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener', target: '_blank' }) },
  });
}

/** The plain-text part of (sanitized) HTML: paragraphs and line breaks kept, links as "label (url)". */
export function htmlToText(html: string): string {
  const marked = html
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_whole, url: string, label: string) => `${label} (${url.replaceAll('&amp;', '&')})`)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n・')
    .replace(/<\/(p|div|h[1-6]|li|tr|blockquote|table|ul|ol)>/gi, '\n\n')
    .replace(/<hr\b[^>]*>/gi, '\n――――\n');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} })
    .replaceAll('&nbsp;', ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
  return text
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
