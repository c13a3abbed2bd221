import { create } from 'zustand'

/** The generic modal's header kinds (document 001 §8: Information, Warning, Error). */
export type ModalKind = 'info' | 'warning' | 'error'

export interface ModalContent {
  kind: ModalKind
  /** Plain text, shown as is. */
  text?: string
  /** Html from setup (rules bodies); sanitized before it is rendered. */
  html?: string
  /** A title replacing the kind's header, e.g. a rules entry's name. */
  title?: string
  /** Error code shown in the header ("Error (#-9999)"). */
  code?: string
}

interface ModalState {
  content: ModalContent | null
  show: (content: ModalContent) => void
  /** Closing resets the modal's state (document 000 §4 "closing resets its state"). */
  close: () => void
}

/** Modal state is session state (document 001 §3), shared by every screen that warns. */
export const useModal = create<ModalState>((set) => ({
  content: null,
  show: (content) => set({ content }),
  close: () => set({ content: null }),
}))
