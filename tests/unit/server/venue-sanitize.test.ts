import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseVenue } from '../../../src/engine/parse/index'
import { generateVenue } from '../../../src/engine/generate/index'
import { DrawingRejectedError, isDangerousUrl, MAX_ATTRIBUTE_BYTES, sanitizeDrawing } from '../../../src/server/venues/sanitize'

const REAL = '/work/shared/venues/real'

const HOSTILE = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100" onload="alert(1)">
<script type="text/javascript"><![CDATA[ fetch('/steal?c=' + document.cookie) ]]></script>
<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(2)</svg:script>
<SCRIPT src="//evil.example/x.js"/>
<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml"><script>alert(3)</script><img src="x" onerror="alert(4)"/></div></foreignObject>
<g id="sector-a" class="sector" ONCLICK="alert(5)">
  <circle class="seat" cx="10" cy="10" r="2" onmouseover='alert(6)' data-title="a > b"/>
  <a href="javascript:alert(7)"><rect x="1" y="1" width="2" height="2"/></a>
  <a xlink:href=" &#106;ava&#x73;cript&colon;alert(8)"><rect x="3" y="3" width="2" height="2"/></a>
  <a href="java&#9;script:alert(9)"><text x="1" y="1">A</text></a>
  <a href="https://venue.example/plan"><text x="5" y="5">ok link</text></a>
  <set attributeName="href" to="javascript:alert(10)"/>
  <animate attributeName="xlink:href" values="javascript:alert(11)"><circle r="1"/></animate>
  <iframe src="https://evil.example"></iframe><embed src="x.swf"/><object data="x"></object>
</g>
</svg>`

describe('drawing sanitiser (issue 18.6)', () => {
  it('removes scripts, handlers, javascript: links and embedding elements, keeping the geometry and safe links', () => {
    const { svg, removed } = sanitizeDrawing(HOSTILE)
    expect(svg).not.toMatch(/script/i)
    expect(svg).not.toMatch(/\son[a-z]+\s*=/i)
    expect(svg).not.toMatch(/alert/)
    expect(svg).not.toMatch(/foreignObject|iframe|embed|<object|<set|<animate/i)
    expect(svg).toContain('<circle class="seat" cx="10" cy="10" r="2" data-title="a > b"/>')
    expect(svg).toContain('<g id="sector-a" class="sector">')
    expect(svg).toContain('href="https://venue.example/plan"')
    expect(svg).toContain('<rect x="1" y="1" width="2" height="2"/>')
    expect(removed.join('\n')).toMatch(/<script> element/)
    expect(removed.join('\n')).toMatch(/onload handler/)
    expect(removed.join('\n')).toMatch(/javascript:/)
  })

  it('recognises javascript: links however they are written', () => {
    for (const v of ['javascript:x', ' JavaScript:x', 'java\tscript:x', '&#106;avascript:x', '&#x6A;avascript&colon;x', 'vbscript:x', 'data:text/html;base64,PHNjcmlwdD4=']) expect(isDangerousUrl(v), v).toBe(true)
    for (const v of ['https://example.org', '#seat-1', 'data:image/png;base64,iVBOR', '/media/images/x.svg']) expect(isDangerousUrl(v), v).toBe(false)
  })

  it('a clean drawing is returned unchanged (the same string)', () => {
    const clean = generateVenue({ kind: 'theatre', seats: 600 })
    expect(sanitizeDrawing(clean).svg).toBe(clean)
  })

  it('every real drawing keeps its seats', () => {
    for (const file of fs.readdirSync(REAL).filter((f) => f.endsWith('.svg'))) {
      const text = fs.readFileSync(path.join(REAL, file), 'utf8')
      const { svg } = sanitizeDrawing(text)
      expect(parseVenue(svg).seats.count, file).toBe(parseVenue(text).seats.count)
      expect(svg, file).not.toMatch(/<script|\son[a-z]+\s*=/i)
    }
  }, 120_000)

  it('a single attribute past MAX_ATTRIBUTE_BYTES is refused with a clear error, before any parsing', () => {
    const huge = `<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0${' L1 1'.repeat(Math.ceil(MAX_ATTRIBUTE_BYTES / 5) + 1)}"/></svg>`
    expect(() => sanitizeDrawing(huge)).toThrow(DrawingRejectedError)
    expect(() => sanitizeDrawing(huge)).toThrow(/the d attribute of a <path> is 4\.0 MB, over the limit of 4 MB per attribute \(MAX_ATTRIBUTE_BYTES\)/)
  })

  it('a tag it cannot read that still holds script is refused, not stored', () => {
    expect(() => sanitizeDrawing('<svg><script/x>alert(1)</script></svg>')).toThrow(DrawingRejectedError)
  })
})
