import { useState, type ChangeEvent } from 'react'
import { imageUploadSchema, MAX_IMAGE_BYTES } from '../../../contract/admin/offers'
import { firstIssue } from '../issueTexts'
import { ErrorNote, messageOf, useConsole } from '../shell'
import { EXTRAS_TEXTS } from './extrasTexts'
import { aside } from '../../i18n/punctuation'

const BYTES_PER_MB = 1024 * 1024

/** The file's bytes as base64 (what the contract's upload carries). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''))
    reader.onerror = () => reject(reader.error ?? new Error('read failed'))
    reader.readAsDataURL(file)
  })
}

type Uploaded = { url: string; width: number; height: number }

/** An event's image: choose a file, the server resizes it and the event shows it in the shop. */
export function EventImageUpload({ eventId }: { eventId: number }) {
  const { api, lang } = useConsole()
  const t = EXTRAS_TEXTS[lang]
  return <ImageUpload id="adm-event-image" label={t.image} send={(file) => api('eventImage', file, { id: eventId })} />
}

/**
 * A picture file sent for the server to resize (event posters, shop logos): checks the size and
 * the contract before sending, shows the stored result and its size.
 */
export function ImageUpload<R extends Uploaded>({ id, label, send, onDone }: { id: string; label: string; send: (file: { name: string; data: string }) => Promise<R>; onDone?: (r: R) => void }) {
  const { lang } = useConsole()
  const t = EXTRAS_TEXTS[lang]
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<Uploaded | null>(null)

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    if (!file) return
    setError(null)
    setDone(null)
    if (file.size > MAX_IMAGE_BYTES) return setError(`${label}: ≤ ${MAX_IMAGE_BYTES / BYTES_PER_MB} MB`)
    setBusy(true)
    try {
      const parsed = firstIssue(imageUploadSchema, { name: file.name, data: await base64Of(file) }, lang, { label: () => label })
      if (parsed.error !== null) return setError(parsed.error)
      const r = await send(parsed.data)
      setDone(r)
      onDone?.(r)
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="adm-form" aria-busy={busy}>
      <label>
        {label}
        <input id={id} type="file" accept="image/jpeg,image/png,image/webp,image/gif" disabled={busy} onChange={(e) => void choose(e)} />
      </label>
      <ErrorNote error={error} />
      {done && (
        <p role="status" className="adm-note">
          {t.uploaded}
          {aside(lang, `${done.width}×${done.height}`)}
        </p>
      )}
      {done && <img src={done.url} alt={label} width={done.width} height={done.height} style={{ maxWidth: '100%', height: 'auto', maxHeight: 240, objectFit: 'contain' }} />}
    </div>
  )
}
