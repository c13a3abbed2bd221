import { useEffect, useRef, useState } from 'react'
import { readFrame } from './model/reader'

/** Frames are read this often (a read takes ~20-60 ms on a phone; faster only heats it). */
const FRAME_INTERVAL_MS = 150
/** Frames are scaled down to this width: a ticket's QR held up to the phone stays readable, reads stay fast. */
const FRAME_WIDTH = 640

/**
 * The phone's back camera, read for codes while `active` (paused while an answer is shown, so
 * the ticket still in front of the lens is not scanned again). Calls `onCode` once per code read.
 */
export function Camera({ active, onCode, label, offText }: { active: boolean; onCode: (code: string) => void; label: string; offText: string }) {
  const video = useRef<HTMLVideoElement>(null)
  const [failed, setFailed] = useState(false)
  const activeRef = useRef(active)
  activeRef.current = active
  const onCodeRef = useRef(onCode)
  onCodeRef.current = onCode

  useEffect(() => {
    let stream: MediaStream | null = null
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const canvas = document.createElement('canvas')
    const ctx = canvas.getContext('2d', { willReadFrequently: true })
    const tick = async () => {
      const v = video.current
      if (!stopped && activeRef.current && v && ctx && v.videoWidth > 0) {
        const scale = Math.min(1, FRAME_WIDTH / v.videoWidth)
        canvas.width = Math.round(v.videoWidth * scale)
        canvas.height = Math.round(v.videoHeight * scale)
        ctx.drawImage(v, 0, 0, canvas.width, canvas.height)
        const code = await readFrame(ctx.getImageData(0, 0, canvas.width, canvas.height)).catch(() => null)
        if (code && !stopped && activeRef.current) onCodeRef.current(code)
      }
      if (!stopped) timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS)
    }
    ;(async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false })
        if (stopped) return stream.getTracks().forEach((t) => t.stop())
        if (video.current) {
          video.current.srcObject = stream
          await video.current.play().catch(() => undefined)
        }
        void tick()
      } catch {
        setFailed(true)
      }
    })()
    return () => {
      stopped = true
      clearTimeout(timer)
      stream?.getTracks().forEach((t) => t.stop())
    }
  }, [])

  if (failed) return <p className="door-note">{offText}</p>
  return <video ref={video} className="door-video" aria-label={label} muted playsInline />
}
