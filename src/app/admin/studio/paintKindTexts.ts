import type { AccessType } from '../../../contract/entities/access'
import type { Lang } from '../../../contract/lang'

/** The studio's seat-type and seat-quality painting (issue 20), in ru, en, kz and ch. */
export interface PaintKindTexts {
  legend: string
  seatType: string
  ordinary: string
  types: Record<AccessType, string>
  spaceKey: string
  setType: string
  quality: string
  qualityHint: string
  setQuality: string
  defaultQuality: string
}

export const PAINT_KIND_TEXTS: Record<Lang, PaintKindTexts> = {
  ru: {
    legend: 'Типы мест и качество',
    seatType: 'Тип места',
    ordinary: 'Обычное место',
    types: { wheelchair: 'Место для кресла-коляски', companion: 'Место сопровождающего', transfer: 'Место у прохода с пересадкой', restricted: 'Ограниченный обзор', signlang: 'Видно сурдопереводчика' },
    spaceKey: 'Ключ места для коляски',
    setType: 'Задать тип',
    quality: 'Качество (0–1)',
    qualityHint: 'Для подбора лучших мест; по умолчанию — близость к центру сцены и порядок ряда',
    setQuality: 'Задать качество',
    defaultQuality: 'Качество по умолчанию',
  },
  en: {
    legend: 'Seat types and quality',
    seatType: 'Seat type',
    ordinary: 'Ordinary seat',
    types: { wheelchair: 'Wheelchair space', companion: 'Companion seat', transfer: 'Transfer / aisle seat', restricted: 'Restricted view', signlang: 'Sign-language sight line' },
    spaceKey: 'Wheelchair space key',
    setType: 'Set type',
    quality: 'Quality (0–1)',
    qualityHint: 'For best available; by default, nearness to the stage centre and row order',
    setQuality: 'Set quality',
    defaultQuality: 'Default quality',
  },
  kz: {
    legend: 'Орын түрлері мен сапасы',
    seatType: 'Орын түрі',
    ordinary: 'Қарапайым орын',
    types: { wheelchair: 'Мүгедектер арбасына арналған орын', companion: 'Серіктес орны', transfer: 'Өтетін жердегі ауысу орны', restricted: 'Көрінісі шектеулі', signlang: 'Ымдау тілі аудармашысы көрінеді' },
    spaceKey: 'Арба орнының кілті',
    setType: 'Түрін белгілеу',
    quality: 'Сапасы (0–1)',
    qualityHint: 'Ең жақсы орындарды таңдау үшін; әдепкі бойынша сахна ортасына жақындығы және қатар реті',
    setQuality: 'Сапасын белгілеу',
    defaultQuality: 'Әдепкі сапа',
  },
  ch: {
    legend: '座位類型與品質',
    seatType: '座位類型',
    ordinary: '普通座位',
    types: { wheelchair: '輪椅位', companion: '陪同座位', transfer: '走道轉移座位', restricted: '視線受限', signlang: '可見手語翻譯' },
    spaceKey: '輪椅位編號',
    setType: '設定類型',
    quality: '品質（0–1）',
    qualityHint: '用於最佳座位選擇；預設為距舞台中心的距離與排序',
    setQuality: '設定品質',
    defaultQuality: '預設品質',
  },
}
