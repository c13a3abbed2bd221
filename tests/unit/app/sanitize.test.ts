import { describe, expect, it } from 'vitest'
import { isSafeUrl, sanitizeHtml } from '../../../src/app/lib/sanitize'

describe('sanitizeHtml', () => {
  it('keeps allow-listed markup and its safe attributes', () => {
    const html = '<p class="lead">Rules <b>apply</b> <a href="https://example.org/x?a=1&amp;b=2" title="T">here</a></p>'
    expect(sanitizeHtml(html)).toBe(
      '<p class="lead">Rules <b>apply</b> <a href="https://example.org/x?a=1&amp;b=2" title="T">here</a></p>',
    )
  })

  it('drops script, style and iframe together with their content', () => {
    const html = '<p>a</p><script>alert(1)</script><style>p{color:red}</style><iframe src="https://x"></iframe><p>b</p>'
    expect(sanitizeHtml(html)).toBe('<p>a</p><p>b</p>')
  })

  it('drops script content even when the tag name is in upper case or has attributes', () => {
    expect(sanitizeHtml('x<SCRIPT type="text/javascript">evil()</SCRIPT >y')).toBe('xy')
  })

  it('removes every on* attribute', () => {
    const out = sanitizeHtml('<img src="/a.png" onerror="alert(1)" alt="a"><p onclick=alert(1) ONMOUSEOVER="x">t</p>')
    expect(out).toBe('<img src="/a.png" alt="a"><p>t</p>')
    expect(out).not.toMatch(/on\w+=/i)
  })

  it('removes javascript: URLs, also when disguised by case, entities or control characters', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java&#x09;script:alert(1)', '&#106;avascript:alert(1)', ' javascript:x', 'data:text/html,<script>x</script>', 'vbscript:x']) {
      const out = sanitizeHtml(`<a href="${href}">x</a>`)
      expect(out, href).toBe('<a>x</a>')
    }
  })

  it('keeps relative, mailto and tel URLs', () => {
    expect(isSafeUrl('/rules/purchase-terms')).toBe(true)
    expect(isSafeUrl('#top')).toBe(true)
    expect(isSafeUrl('mailto:box@example.org')).toBe(true)
    expect(isSafeUrl('tel:+70000000000')).toBe(true)
  })

  it('adds rel=noopener to links opening a new tab and ignores a given rel', () => {
    expect(sanitizeHtml('<a href="/x" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="/x" target="_blank" rel="noopener noreferrer">x</a>',
    )
  })

  it('escapes text and unknown tags cannot break out', () => {
    expect(sanitizeHtml('1 < 2 & <unknown a="b">x</unknown> "q"')).toBe('1 &lt; 2 &amp; x &quot;q&quot;')
    expect(sanitizeHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(sanitizeHtml('<scr<script>ipt>alert(1)</script>')).not.toMatch(/<script/i)
  })

  it('escapes quotes inside attribute values', () => {
    expect(sanitizeHtml(`<p title='a"onmouseover="x'>t</p>`)).toBe('<p title="a&quot;onmouseover=&quot;x">t</p>')
  })

  it('drops comments and doctype, and closes tags left open', () => {
    expect(sanitizeHtml('<!doctype html><!-- <script>x</script> --><ul><li>a<li>b</ul><p><em>c')).toBe(
      '<ul><li>a<li>b</li></li></ul><p><em>c</em></p>',
    )
  })

  it('never lets a style attribute through (CSS can carry URLs)', () => {
    expect(sanitizeHtml('<p style="background:url(javascript:x)">t</p>')).toBe('<p>t</p>')
  })
})
