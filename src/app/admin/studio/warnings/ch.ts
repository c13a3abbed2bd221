import { typeList, type WarningWording } from './wording'

/**
 * Import warnings in Chinese (Traditional, as the console's other texts). Chinese has one form
 * after any number (a measure word, no plural): each count is written once, as `other`.
 */
export const CH_WARNINGS: WarningWording = {
  'stray-end-tag': (p) => `已忽略多餘的結束標籤 </${p.tag}>`,
  'unclosed-closed': (p, n) => `結束標籤 </${p.tag}> 關閉了 ${n(p.count, { other: '{n} 個未關閉的元素' })}`,
  'left-open': (p, n) => `繪圖結尾仍有 ${n(p.count, { other: '{n} 個元素' })}未關閉`,
  'bad-viewbox': () => '已忽略無法使用的 viewBox',
  'bad-transform': (p) => `已忽略無法讀取的 transform 部分「${p.part}」`,
  'use-missing': (p) => `<use> 引用的「${p.href}」不在前面的 <defs>/<symbol> 元素中`,
  'standing-without-shape': (p) => `站位區「${p.name}」沒有圖形`,
  'hidden-skipped': (p, n) => `已略過 ${n(p.count, { other: '{n} 個隱藏元素' })}（display:none）`,
  'seat-without-shape': (p) => `已略過沒有可繪製圖形的座位（規則「${p.rule}」）`,
  'bad-seat-coordinates': () => '已略過座標無法使用的座位',
  'bad-decoration-coordinates': () => '已略過座標無法使用的圖形',
  'decorations-dropped': (p, n) => `已捨棄 ${n(p.count, { other: '{n} 個裝飾圖形' })}（超過 ${n(p.max, { other: '{n} 個點' })}）`,
  'duplicate-seat-key': (p) => `重複的座位鍵「${p.key}」（已重新命名為「${p.renamed}」）`,
  'seat-numbers-unmatched': (p, n) => `seat_numbers 中有 ${n(p.count, { other: '{n} 筆記錄' })}與繪圖中的任何座位都不符`,
  'no-shapes': () => '沒有座位：繪圖中沒有可能是座位的封閉圖形',
  'no-repeated-shapes': (p, n) =>
    `沒有座位：沒有任何座位大小的圖形重複 ${n(p.min, { other: '{n} 次' })}或以上（最大的一組相同圖形有 ${p.largest} 個）；未匯入任何座位。若此繪圖有座位，請提供規則集（見 RULES.md）`,
  'ids-unreliable': (p, n) => `座位的 id 與繪製的排不一致（${n(p.count, { other: '{n} 個座位' })}；複製的圖形保留原 id）：排與座位號不採用 id，改依位置推斷`,
  'rows-inferred': (p, n) =>
    `繪圖中有 ${n(p.seats, { other: '{n} 個座位' })}沒有排號：已依座位排列推斷排（${n(p.rows, { other: '{n} 排' })}，每區內${p.from === 'stage' ? '從舞台起' : '由上而下'}編號）`,
  'numbers-inferred': (p, n) => `繪圖中有 ${n(p.count, { other: '{n} 個座位' })}沒有座位號：已在每排內由左至右編號`,
  'sectors-inferred': (p, n) => `繪圖未命名任何區：已依座位群之間的走道推斷出 ${n(p.count, { other: '{n} 個區' })}，命名為 1…${p.count}`,
  'numbers-from-text': (p, n) => `已從座位上或旁邊繪製的數字讀取 ${n(p.count, { other: '{n} 個座位號' })}`,
  'duplicates-dropped': (p, n) => `${n(p.count, { other: '{n} 個座位' })}完全重疊：每組只保留一個`,
  'unlabelled-rejected': (p, n) => `${n(p.count, { other: '{n} 個重複圖形' })}看似座位，但其他座位都有標籤而它們沒有：已作為裝飾繪製（若它們是座位，請提供規則集）`,
  'not-drawn': (p, n) => `${n(p.count, { other: '{n} 個' })}重複超過 ${n(p.max, { other: '{n} 次' })}的圖形不是座位，也未保留繪製：不會出現在座位圖上`,
  'seats-typed': (p, n, types) =>
    `繪圖為 ${n(p.count, { other: '{n} 個座位' })}指定了類型（${typeList(p, types, 'ch', '、')}）${p.fromShapes > 0 ? `，其中 ${n(p.fromShapes, { other: '{n} 個' })}由座位上繪製的類型標誌指定` : ''}`,
  'companions-unlinked': (p, n) => `${n(p.count, { other: '{n} 個陪同座位' })}在同一排旁邊沒有輪椅位：未與任何輪椅位連結`,
  'seats-without-number': (p, n) => `${n(p.count, { other: '{n} 個座位' })}沒有座位號`,
  'compound-seats': (p, n) => `${n(p.count, { other: '{n} 個座位' })}由多個圖形組成：每組算一個座位`,
  'removed-element': (p, n) => `已移除 ${n(p.count, { other: `{n} 個 <${p.name}> 元素` })}`,
  'removed-handler': (p, n) => `已移除 ${n(p.count, { other: `{n} 個 ${p.name} 事件處理器` })}`,
  'removed-link': (p, n) => `已移除 ${p.name} 屬性中 ${n(p.count, { other: '{n} 個指向指令碼的連結' })}`,
  'removed-animation': (p, n) => `已移除 ${n(p.count, { other: `{n} 個改寫連結或處理器的 <${p.name}> 動畫` })}`,
  'unnamed-sectors': (p, n) => `${n(p.count, { other: '{n} 個座位' })}所在的區沒有名稱：請在工作室中命名`,
  text: (p) => p.text,
  times: (times, n) => `共 ${n(times, { other: '{n} 次' })}`,
  seats: { other: '{n} 個座位' },
}
