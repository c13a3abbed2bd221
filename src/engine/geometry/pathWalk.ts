/**
 * SVG path data: one tolerant reader for every command (M L H V C S Q T A Z, absolute and
 * relative, implicit repeats, compact arc flags such as "a4,4 0 0110,10"), feeding a sink.
 * Two sinks use it: the bounding box with true curve and arc extrema, and flattening to
 * polylines for decorations. Malformed data ends the path at the last good segment (as
 * browsers do) and reports it, never throws.
 */
import { C_0, C_9, C_DOT, C_E, C_MINUS, C_PLUS, C_UPPER_E } from './charCodes'
import { decimalValue } from './decimal'

export interface PathSink {
  move(x: number, y: number): void
  line(x: number, y: number): void
  cubic(x1: number, y1: number, x2: number, y2: number, x: number, y: number): void
  quad(x1: number, y1: number, x: number, y: number): void
  /** Elliptical arc from the current point (x0, y0), in SVG endpoint form. */
  arc(x0: number, y0: number, rx: number, ry: number, phiDeg: number, large: boolean, sweep: boolean, x: number, y: number): void
  close(): void
}

/** Command letters (MmLlHhVvCcSsQqTtAaZz) by char code. */
const IS_COMMAND = new Uint8Array(128)
for (const c of 'MmLlHhVvCcSsQqTtAaZz') IS_COMMAND[c.charCodeAt(0)] = 1

/** Reads path data; returns false when it stopped early on malformed input. */
export function walkPath(d: string, sink: PathSink): boolean {
  const n = d.length
  let i = 0
  let ok = true

  function skipSeparators(): void {
    while (i < n) {
      const c = d.charCodeAt(i)
      if (c === 32 || c === 44 || c === 10 || c === 13 || c === 9 || c === 12) i++
      else break
    }
  }

  function readNumber(): number {
    skipSeparators()
    const start = i
    let c = d.charCodeAt(i)
    if (c === C_MINUS || c === C_PLUS) c = d.charCodeAt(++i)
    let digits = false
    while (c >= C_0 && c <= C_9) {
      digits = true
      c = d.charCodeAt(++i)
    }
    if (c === C_DOT) {
      c = d.charCodeAt(++i)
      while (c >= C_0 && c <= C_9) {
        digits = true
        c = d.charCodeAt(++i)
      }
    }
    if (!digits) {
      i = start
      return NaN
    }
    if (c === C_E || c === C_UPPER_E) {
      const save = i
      c = d.charCodeAt(++i)
      if (c === C_MINUS || c === C_PLUS) c = d.charCodeAt(++i)
      if (c >= C_0 && c <= C_9) {
        while (c >= C_0 && c <= C_9) c = d.charCodeAt(++i)
      } else i = save
    }
    return decimalValue(d, start, i)
  }

  function readFlag(): number {
    skipSeparators()
    const c = d.charCodeAt(i)
    if (c === 48 || c === 49) {
      i++
      return c - 48
    }
    return NaN
  }

  /** True when another number follows (implicit repetition of the last command). */
  function numberAhead(): boolean {
    skipSeparators()
    if (i >= n) return false
    const c = d.charCodeAt(i)
    return (c >= C_0 && c <= C_9) || c === C_DOT || c === C_MINUS || c === C_PLUS
  }

  let x = 0
  let y = 0
  let startX = 0
  let startY = 0
  // Last control point, for S/T reflection.
  let cx = 0
  let cy = 0
  /** Upper-case char code of the previous command (for S/T reflection). */
  let prev = 0
  let cmd = ''

  skipSeparators()
  while (i < n) {
    const code = d.charCodeAt(i)
    if (code < 128 && IS_COMMAND[code] === 1) {
      cmd = d[i]
      i++
    } else if (!cmd || cmd === 'Z' || cmd === 'z' || !numberAhead()) {
      ok = false
      break
    } else if (cmd === 'M') cmd = 'L'
    else if (cmd === 'm') cmd = 'l'
    const rel = cmd >= 'a'
    const ox = rel ? x : 0
    const oy = rel ? y : 0
    switch (cmd) {
      case 'M':
      case 'm': {
        const nx = readNumber() + ox
        const ny = readNumber() + oy
        if (Number.isNaN(nx) || Number.isNaN(ny)) return false
        x = startX = nx
        y = startY = ny
        sink.move(x, y)
        break
      }
      case 'L':
      case 'l': {
        const nx = readNumber() + ox
        const ny = readNumber() + oy
        if (Number.isNaN(nx) || Number.isNaN(ny)) return false
        x = nx
        y = ny
        sink.line(x, y)
        break
      }
      case 'H':
      case 'h': {
        const nx = readNumber() + ox
        if (Number.isNaN(nx)) return false
        x = nx
        sink.line(x, y)
        break
      }
      case 'V':
      case 'v': {
        const ny = readNumber() + oy
        if (Number.isNaN(ny)) return false
        y = ny
        sink.line(x, y)
        break
      }
      case 'C':
      case 'c': {
        const x1 = readNumber() + ox
        const y1 = readNumber() + oy
        const x2 = readNumber() + ox
        const y2 = readNumber() + oy
        const nx = readNumber() + ox
        const ny = readNumber() + oy
        if (Number.isNaN(x1) || Number.isNaN(y1) || Number.isNaN(x2) || Number.isNaN(y2) || Number.isNaN(nx) || Number.isNaN(ny)) return false
        sink.cubic(x1, y1, x2, y2, nx, ny)
        cx = x2
        cy = y2
        x = nx
        y = ny
        break
      }
      case 'S':
      case 's': {
        const reflect = prev === 67 /* C */ || prev === 83 /* S */
        const x1 = reflect ? 2 * x - cx : x
        const y1 = reflect ? 2 * y - cy : y
        const x2 = readNumber() + ox
        const y2 = readNumber() + oy
        const nx = readNumber() + ox
        const ny = readNumber() + oy
        if (Number.isNaN(x2) || Number.isNaN(y2) || Number.isNaN(nx) || Number.isNaN(ny)) return false
        sink.cubic(x1, y1, x2, y2, nx, ny)
        cx = x2
        cy = y2
        x = nx
        y = ny
        break
      }
      case 'Q':
      case 'q': {
        const x1 = readNumber() + ox
        const y1 = readNumber() + oy
        const nx = readNumber() + ox
        const ny = readNumber() + oy
        if (Number.isNaN(x1) || Number.isNaN(y1) || Number.isNaN(nx) || Number.isNaN(ny)) return false
        sink.quad(x1, y1, nx, ny)
        cx = x1
        cy = y1
        x = nx
        y = ny
        break
      }
      case 'T':
      case 't': {
        const reflect = prev === 81 /* Q */ || prev === 84 /* T */
        const x1 = reflect ? 2 * x - cx : x
        const y1 = reflect ? 2 * y - cy : y
        const nx = readNumber() + ox
        const ny = readNumber() + oy
        if (Number.isNaN(nx) || Number.isNaN(ny)) return false
        sink.quad(x1, y1, nx, ny)
        cx = x1
        cy = y1
        x = nx
        y = ny
        break
      }
      case 'A':
      case 'a': {
        const rx = readNumber()
        const ry = readNumber()
        const phi = readNumber()
        const large = readFlag()
        const sweep = readFlag()
        const nx = readNumber() + ox
        const ny = readNumber() + oy
        if (Number.isNaN(rx) || Number.isNaN(ry) || Number.isNaN(phi) || Number.isNaN(large) || Number.isNaN(sweep) || Number.isNaN(nx) || Number.isNaN(ny)) return false
        sink.arc(x, y, rx, ry, phi, large === 1, sweep === 1, nx, ny)
        x = nx
        y = ny
        break
      }
      case 'Z':
      case 'z':
        sink.close()
        x = startX
        y = startY
        break
    }
    prev = cmd.charCodeAt(0) & ~32
    skipSeparators()
  }
  return ok
}

/** Centre parameterisation of an SVG arc (SVG 1.1 appendix F.6.5), or null for a line. */
export function arcToCenter(
  x0: number, y0: number, rxIn: number, ryIn: number, phiDeg: number, large: boolean, sweep: boolean, x: number, y: number,
): { cx: number; cy: number; rx: number; ry: number; phi: number; theta1: number; dtheta: number } | null {
  let rx = Math.abs(rxIn)
  let ry = Math.abs(ryIn)
  if (rx === 0 || ry === 0 || (x0 === x && y0 === y)) return null
  const phi = (phiDeg * Math.PI) / 180
  const cos = Math.cos(phi)
  const sin = Math.sin(phi)
  const dx = (x0 - x) / 2
  const dy = (y0 - y) / 2
  const x1p = cos * dx + sin * dy
  const y1p = -sin * dx + cos * dy
  const lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
  if (lambda > 1) {
    const s = Math.sqrt(lambda)
    rx *= s
    ry *= s
  }
  const num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
  const den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
  const coef = (large !== sweep ? 1 : -1) * Math.sqrt(Math.max(0, num / den))
  const cxp = (coef * rx * y1p) / ry
  const cyp = (-coef * ry * x1p) / rx
  const cx = cos * cxp - sin * cyp + (x0 + x) / 2
  const cy = sin * cxp + cos * cyp + (y0 + y) / 2
  const ux = (x1p - cxp) / rx
  const uy = (y1p - cyp) / ry
  const vx = (-x1p - cxp) / rx
  const vy = (-y1p - cyp) / ry
  const theta1 = Math.atan2(uy, ux)
  let dtheta = Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
  if (!sweep && dtheta > 0) dtheta -= 2 * Math.PI
  else if (sweep && dtheta < 0) dtheta += 2 * Math.PI
  return { cx, cy, rx, ry, phi, theta1, dtheta }
}

export function arcPoint(a: { cx: number; cy: number; rx: number; ry: number; phi: number }, theta: number): [number, number] {
  const cos = Math.cos(a.phi)
  const sin = Math.sin(a.phi)
  const ct = Math.cos(theta)
  const st = Math.sin(theta)
  return [a.cx + a.rx * cos * ct - a.ry * sin * st, a.cy + a.rx * sin * ct + a.ry * cos * st]
}
