import type { VenueData } from '../../engine/model'
import { VenueParseError, type ParseErrorCode, type RecognitionReport, type VenueRefusal, type VenueRules } from '../../engine/parse/index'
import type { CompiledBytes, SeatPage, StoredVersionRows } from './compile-job'
import { DrawingRejectedError } from './sanitize'
import { UncompilableVersionError } from './version-venue'

/**
 * The messages between the server and its compile workers (compile-pool.ts posts, compile.worker.ts
 * answers). Each carries its job's id; a reply answers the request of that id.
 *
 * - A stored version's compile: `begin` (its drawing and rows besides seats), `page` (its seats in
 *   id order), `finish` (answers `done`), or `abort`.
 * - An import (import.ts): `recognise` sanitises and recognises a drawing (answers `recognised`:
 *   the venue's buffers transferred, the cleaned text only when cleaning changed it), then, once
 *   its rows are stored, `encode` makes its bytes (answers `done`).
 */
export type CompileRequest =
  | { type: 'begin'; id: number; svg: string; rulesJson: string; rows: StoredVersionRows }
  | { type: 'page'; id: number; page: SeatPage }
  | { type: 'finish'; id: number }
  | { type: 'abort'; id: number }
  | { type: 'recognise'; id: number; svg: string; rules: VenueRules | undefined }
  | { type: 'encode'; id: number; venue: VenueData; zoneIds: number[] }

/**
 * A worker's failure as data, by the error class the server's callers catch. A refused drawing
 * carries its refusal (code and numbers, engine/parse/refusals.ts), so the server words it in the
 * operator's language; `message` is its English.
 */
export type WorkerFailure =
  | { kind: 'parse'; code: ParseErrorCode; refusal: VenueRefusal; message: string }
  | { kind: 'rejected'; refusal: VenueRefusal; message: string }
  | { kind: 'uncompilable' | 'error'; message: string }

export type CompileReply =
  | ({ type: 'done'; id: number; threadId: number } & CompiledBytes)
  | { type: 'recognised'; id: number; threadId: number; venue: VenueData; report: RecognitionReport; svg: string | null }
  | ({ type: 'failed'; id: number; threadId: number } & WorkerFailure)

/** An error thrown in the worker, as data to post. */
export function failureOf(e: unknown): WorkerFailure {
  if (e instanceof VenueParseError) return { kind: 'parse', code: e.errorCode, refusal: e.refusal, message: e.errorText }
  if (e instanceof DrawingRejectedError) return { kind: 'rejected', refusal: e.refusal, message: e.message }
  const message = e instanceof Error ? e.message : String(e)
  if (e instanceof UncompilableVersionError) return { kind: 'uncompilable', message }
  return { kind: 'error', message }
}
