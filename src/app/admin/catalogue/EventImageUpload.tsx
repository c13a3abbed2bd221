import { useState, type ChangeEvent } from 'react'
import { imageUploadSchema, MAX_IMAGE_BYTES } from '../../../contract/admin/offers'
import { ErrorNote, messageOf, useConsole } from '../shell'
import { EXTRAS_TEXTS } from './extrasTexts'

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

/** An event's image: choose a file, the server resizes it and the event shows it in the shop. */
export function EventImageUpload({ eventId }: { eventId: number }) {
  const { api, lang } = useConsole()
  const t = EXTRAS_TEXTS[lang]
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<{ url: string; width: number; height: number } | null>(null)

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    if (!file) return
    setError(null)
    setDone(null)
    if (file.size > MAX_IMAGE_BYTES) return setError(`${t.image}: ≤ ${MAX_IMAGE_BYTES / BYTES_PER_MB} MB`)
    setBusy(true)
    try {
      const parsed = imageUploadSchema.safeParse({ name: file.name, data: await base64Of(file) })
      if (!parsed.success) return setError(`${t.image}: ${parsed.error.issues[0].message}`)
      const r = await api('eventImage', parsed.data, { id: eventId })
      setDone(r)
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="adm-form" aria-busy={busy}>
      <label>
        {t.image}
        <input id="adm-event-image" type="file" accept="image/jpeg,image/png,image/webp,image/gif" disabled={busy} onChange={(e) => void choose(e)} />
      </label>
      <ErrorNote error={error} />
      {done && (
        <p role="status" className="adm-note">
          {t.uploaded} ({done.width}×{done.height})
        </p>
      )}
      {done && <img src={done.url} alt={t.image} width={done.width} height={done.height} style={{ maxWidth: '100%', height: 'auto', maxHeight: 240, objectFit: 'contain' }} />}
    </div>
  )
}
