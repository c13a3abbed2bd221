import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseVenue, warningText } from '../../../src/engine/parse/index'
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
    expect(removed.map(warningText).join('\n')).toMatch(/<script> element/)
    expect(removed.map(warningText).join('\n')).toMatch(/onload handler/)
    expect(removed.map(warningText).join('\n')).toMatch(/javascript:/)
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

  // Audit of issue 18.6: links were matched by their prefixed name (href, xlink:href), so another
  // prefix bound to the XLink namespace kept a javascript: link, and the leftover check read the
  // text without decoding its entities.
  describe('links under any prefix, however spelled', () => {
    const XLINK = 'http://www.w3.org/1999/xlink'
    const clean = generateVenue({ kind: 'theatre', seats: 600 })
    const body = clean.replace(/<\/svg>\s*$/, '')
    const withLink = (link: string) => `${body}${link}</svg>`
    /** What the sanitiser kept of the part added to the clean drawing (which has links of its own: `<use href>`). */
    const added = (svg: string) => svg.slice(body.length)

    it('the audit\'s drawing: xl:href bound to XLink with an entity-encoded javascript: link', () => {
      const svg = withLink(`<a xmlns:xl="${XLINK}" xl:href="&#106;avascript:alert(3)"><rect width="5" height="5"/></a>`)
      const out = sanitizeDrawing(svg)
      expect(added(out.svg)).toBe(`<a xmlns:xl="${XLINK}"><rect width="5" height="5"/></a></svg>`)
      expect(out.removed.map(warningText).join('\n')).toMatch(/xl:href="javascript:…" link/)
      expect(parseVenue(out.svg).seats.count).toBe(parseVenue(clean).seats.count)
    })

    it.each([
      ['another prefix', `<a xmlns:x="${XLINK}" x:href="javascript:alert(1)">`],
      ['a long prefix', `<a xmlns:linkage="${XLINK}" linkage:href="javascript:alert(1)">`],
      ['upper case', `<a xmlns:XL="${XLINK}" XL:HREF="JavaScript:alert(1)">`],
      ['mixed case', `<a xmlns:Xl="${XLINK}" Xl:Href="jAvAsCrIpT:alert(1)">`],
      ['hex entities', `<a xmlns:xl="${XLINK}" xl:href="&#x6A;&#X61;vascript&colon;alert(1)">`],
      ['zero-padded entities', `<a xmlns:xl="${XLINK}" xl:href="&#0000106;avascript&#58;alert(1)">`],
      ['blanks around the value', `<a xmlns:xl="${XLINK}"  xl:href = '\n\t &#10; java&#9;script:alert(1)'>`],
      ['vbscript', `<a xmlns:xl="${XLINK}" xl:href="vbscript:msgbox(1)">`],
      ['an unprefixed name on a prefixed element', `<svg:a xmlns:svg="http://www.w3.org/2000/svg" href="&#106;avascript:alert(1)">`],
    ])('%s', (_label, open) => {
      const svg = withLink(`${open}<rect width="5" height="5"/></a>`.replace('</a>', open.startsWith('<svg:a') ? '</svg:a>' : '</a>'))
      const out = sanitizeDrawing(svg)
      expect(added(out.svg)).not.toMatch(/href/i)
      expect(out.svg).not.toMatch(/script|alert|msgbox/i)
      expect(out.removed.map(warningText).join('\n')).toMatch(/href="javascript:…" link/i)
    })

    it.each([
      ['set', `<set xmlns:xl="${XLINK}" attributeName="xl:href" to="https://venue.example/"/>`],
      ['animate', `<animate xmlns:x="${XLINK}" attributeName="X:HREF" values="https://venue.example/"><circle r="1"/></animate>`],
      ['animate of a handler', `<animate attributeName="ev:onclick" values="x"/>`],
    ])('an animation rewriting a link or a handler under another prefix is removed (%s)', (_label, element) => {
      const out = sanitizeDrawing(withLink(element))
      expect(out.svg).not.toMatch(/<set|<animate/)
      expect(out.removed.map(warningText).join('\n')).toMatch(/rewriting a link or handler/)
    })

    it('a safe link under another prefix is kept byte for byte', () => {
      const svg = withLink(`<a xmlns:xl="${XLINK}" xl:href="https://venue.example/plan#&#49;"><rect width="5" height="5"/></a>`)
      expect(sanitizeDrawing(svg).svg).toBe(svg)
    })

    it('an entity-encoded javascript: link in a tag the scan cannot read is refused (the leftover check decodes)', () => {
      for (const tag of ['<a/xl:href="&#106;avascript:alert(1)">', '<a/href="java&#x73;cript&colon;alert(1)">', '<a/href="&#0106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">']) {
        expect(() => sanitizeDrawing(withLink(`${tag}x</a>`)), tag).toThrow(DrawingRejectedError)
      }
    })

    it('entities elsewhere (text, safe values) do not refuse a drawing', () => {
      const svg = withLink('<text x="1" y="1">Row &#49;&#48; &amp; balcony &#8212; exits: 2</text><a href="#seat&#45;1"><rect width="1" height="1"/></a>')
      expect(sanitizeDrawing(svg).svg).toBe(svg)
    })
  })
})
