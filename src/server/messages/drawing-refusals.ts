import type { RulePlace, VenueRefusal, VenueRefusalCode, VenueRefusalParams } from '../../engine/parse/refusals'
import { LANGS, type Lang } from '../../contract/lang'
import { formatMegabytes } from '../../contract/rules/sizeText'

/**
 * Why a drawing was refused, in the operator's language: the `{detail}` of 'admin-drawing-invalid'
 * (admin.ts), one wording per refusal code of the engine (engine/parse/refusals.ts) in each
 * language, with its numbers. The engine's English stays its own (the CLI, the log); an operator
 * reading kz never meets it. Sizes are said in MB, numbers grouped as the language writes them; a
 * place in malformed markup is its line and column, what an editor shows.
 */

/** How a wording writes its numbers. */
interface Numbers {
  /** A count or limit, grouped (2 000 000, 2,000,000). */
  n: (value: number) => string
  /** A size in bytes as megabytes, one decimal at most, rounded up: a size over a limit never reads as the limit. */
  mb: (bytes: number) => string
}

type Wording = { [C in VenueRefusalCode]: (p: VenueRefusalParams[C], f: Numbers) => string } & {
  /** Which rule of a rule set, as the sentences of that language put it. */
  rule: (p: RulePlace) => string
}

/** Each language's number formatting (kz: Kazakhstan's, ch: Taiwan's, as the storefront writes them). */
const LOCALES: Record<Lang, string> = { ru: 'ru-RU', en: 'en-GB', kz: 'kk-KZ', ch: 'zh-TW' }

const RU: Wording = {
  rule: (p) => (p.rule === 'seat' ? `правиле мест «${p.name}»` : p.rule === 'standing' ? 'правиле стоячих зон' : 'правиле контуров секторов'),
  'not-text': () => 'это не текст SVG',
  'too-large': (p, f) => `файл занимает ${f.mb(p.bytes)} МБ, а схема может занимать не больше ${f.mb(p.max)} МБ`,
  'root-not-svg': (p) => `это не схема SVG: её первый элемент — <${p.name}>, а не <svg>`,
  'no-svg': () => 'это не схема SVG: в файле нет элемента <svg>',
  'too-deep': (p, f) => `элементы вложены друг в друга глубже ${f.n(p.max)} уровней`,
  'use-too-deep': (p, f) => `ссылки <use> вложены друг в друга глубже ${f.n(p.max)} уровней`,
  'use-too-many': (p, f) => `ссылки <use> повторяют в сумме больше ${f.n(p.max)} элементов`,
  'entity-declaration': () => 'в ней объявлены сущности XML (<!ENTITY>), а в схемах их быть не может: удалите DOCTYPE',
  'unclosed-end-tag': (p) => `закрывающий тег не завершён знаком «>» (строка ${p.line}, позиция ${p.column})`,
  'unclosed-comment': (p) => `комментарий <!-- … --> не закрыт (строка ${p.line}, позиция ${p.column})`,
  'unclosed-cdata': (p) => `раздел CDATA не закрыт (строка ${p.line}, позиция ${p.column})`,
  'unclosed-declaration': (p) => `объявление <!…> не закрыто (строка ${p.line}, позиция ${p.column})`,
  'unclosed-doctype-subset': (p) => `внутренняя часть DOCTYPE […] не закрыта (строка ${p.line}, позиция ${p.column})`,
  'unclosed-doctype': (p) => `DOCTYPE не закрыт (строка ${p.line}, позиция ${p.column})`,
  'unclosed-instruction': (p) => `инструкция <?…?> не закрыта (строка ${p.line}, позиция ${p.column})`,
  'no-tag-name': (p) => `после «<» нет имени тега; в тексте пишите &lt; (строка ${p.line}, позиция ${p.column})`,
  'unclosed-start-tag': (p) => `тег <${p.tag}> не завершён знаком «>» (строка ${p.line}, позиция ${p.column})`,
  'unclosed-attribute': (p) => `у значения атрибута в <${p.tag}> нет закрывающей кавычки (строка ${p.line}, позиция ${p.column})`,
  'too-many-seats': (p, f) => `в ней больше ${f.n(p.max)} мест`,
  'too-many-sectors': (p, f) => `в ней больше ${f.n(p.max)} секторов`,
  'rules-not-object': () => 'набор правил должен быть объектом со списком «seats»',
  'rules-no-match': (p) => `в ${RU.rule(p)} нет условия «match»`,
  'rules-bad-pattern': (p) => `шаблон ${p.pattern} в ${RU.rule(p)} — не регулярное выражение`,
  'no-shapes': () => 'мест нет: в схеме нет замкнутых фигур, которые могли бы быть местами',
  'no-repeated-shapes': (p, f) =>
    `мест нет: ни одна фигура размером с место не повторяется хотя бы ${f.n(p.min)} раз (в самой большой группе одинаковых фигур — ${f.n(p.largest)})`,
  'no-seats': () => 'в ней нет ни мест, ни стоячих зон: продавать нечего',
  'attribute-too-large': (p, f) => `атрибут ${p.attribute} элемента <${p.element}> занимает ${f.mb(p.bytes)} МБ, а атрибут может занимать не больше ${f.mb(p.max)} МБ: упростите фигуру или разделите её на части`,
  'script-left': (p) => `в ней есть скрипт, который не удалось безопасно удалить (рядом с «${p.near}»)`,
}

const EN: Wording = {
  rule: (p) => (p.rule === 'seat' ? `seat rule "${p.name}"` : p.rule === 'standing' ? 'the standing area rule' : 'the sector outline rule'),
  'not-text': () => 'it is not SVG text',
  'too-large': (p, f) => `the file is ${f.mb(p.bytes)} MB, and a drawing may be ${f.mb(p.max)} MB at most`,
  'root-not-svg': (p) => `it is not an SVG drawing: its first element is <${p.name}>, not <svg>`,
  'no-svg': () => 'it is not an SVG drawing: the file has no <svg> element',
  'too-deep': (p, f) => `its elements are nested more than ${f.n(p.max)} levels deep`,
  'use-too-deep': (p, f) => `its <use> references are nested more than ${f.n(p.max)} levels deep`,
  'use-too-many': (p, f) => `its <use> references repeat more than ${f.n(p.max)} elements in all`,
  'entity-declaration': () => 'it declares XML entities (<!ENTITY>), which a drawing may not: remove the DOCTYPE',
  'unclosed-end-tag': (p) => `an end tag is not finished with ">" (line ${p.line}, column ${p.column})`,
  'unclosed-comment': (p) => `a comment <!-- … --> is not closed (line ${p.line}, column ${p.column})`,
  'unclosed-cdata': (p) => `a CDATA section is not closed (line ${p.line}, column ${p.column})`,
  'unclosed-declaration': (p) => `a declaration <!…> is not closed (line ${p.line}, column ${p.column})`,
  'unclosed-doctype-subset': (p) => `the DOCTYPE's inner part […] is not closed (line ${p.line}, column ${p.column})`,
  'unclosed-doctype': (p) => `the DOCTYPE is not closed (line ${p.line}, column ${p.column})`,
  'unclosed-instruction': (p) => `an instruction <?…?> is not closed (line ${p.line}, column ${p.column})`,
  'no-tag-name': (p) => `a "<" is not followed by a tag name; in text, write &lt; (line ${p.line}, column ${p.column})`,
  'unclosed-start-tag': (p) => `the tag <${p.tag}> is not finished with ">" (line ${p.line}, column ${p.column})`,
  'unclosed-attribute': (p) => `an attribute value in <${p.tag}> has no closing quote (line ${p.line}, column ${p.column})`,
  'too-many-seats': (p, f) => `it has more than ${f.n(p.max)} seats`,
  'too-many-sectors': (p, f) => `it has more than ${f.n(p.max)} sectors`,
  'rules-not-object': () => 'the rule set must be an object with a "seats" list',
  'rules-no-match': (p) => `${EN.rule(p)} has no "match"`,
  'rules-bad-pattern': (p) => `the pattern ${p.pattern} in ${EN.rule(p)} is not a regular expression`,
  'no-shapes': () => 'no seats: the drawing has no closed shapes that could be seats',
  'no-repeated-shapes': (p, f) =>
    `no seats: no shape at a seat's size is repeated ${f.n(p.min)} times or more (the largest group of alike shapes has ${f.n(p.largest)})`,
  'no-seats': () => 'it has neither seats nor standing areas: there is nothing to sell',
  'attribute-too-large': (p, f) => `the ${p.attribute} attribute of a <${p.element}> is ${f.mb(p.bytes)} MB, and an attribute may be ${f.mb(p.max)} MB at most: simplify the shape or split it`,
  'script-left': (p) => `it holds script that could not be removed safely (near "${p.near}")`,
}

const KZ: Wording = {
  rule: (p) => (p.rule === 'seat' ? `«${p.name}» орын ережесінде` : p.rule === 'standing' ? 'тұрып көретін аймақ ережесінде' : 'сектор контуры ережесінде'),
  'not-text': () => 'бұл SVG мәтіні емес',
  'too-large': (p, f) => `файл ${f.mb(p.bytes)} МБ, ал сызба ең көбі ${f.mb(p.max)} МБ бола алады`,
  'root-not-svg': (p) => `бұл SVG сызбасы емес: оның бірінші элементі <svg> емес, <${p.name}>`,
  'no-svg': () => 'бұл SVG сызбасы емес: файлда <svg> элементі жоқ',
  'too-deep': (p, f) => `элементтер бір-біріне ${f.n(p.max)} деңгейден тереңірек салынған`,
  'use-too-deep': (p, f) => `<use> сілтемелері бір-біріне ${f.n(p.max)} деңгейден тереңірек салынған`,
  'use-too-many': (p, f) => `<use> сілтемелері барлығы ${f.n(p.max)} элементтен көп қайталайды`,
  'entity-declaration': () => 'онда XML нысандары (<!ENTITY>) жарияланған, ал сызбада олар болмауы керек: DOCTYPE бөлігін алып тастаңыз',
  'unclosed-end-tag': (p) => `жабу тегі «>» белгісімен аяқталмаған (${p.line}-жол, ${p.column}-таңба)`,
  'unclosed-comment': (p) => `<!-- … --> түсініктемесі жабылмаған (${p.line}-жол, ${p.column}-таңба)`,
  'unclosed-cdata': (p) => `CDATA бөлімі жабылмаған (${p.line}-жол, ${p.column}-таңба)`,
  'unclosed-declaration': (p) => `<!…> жариялауы жабылмаған (${p.line}-жол, ${p.column}-таңба)`,
  'unclosed-doctype-subset': (p) => `DOCTYPE-тың […] ішкі бөлігі жабылмаған (${p.line}-жол, ${p.column}-таңба)`,
  'unclosed-doctype': (p) => `DOCTYPE жабылмаған (${p.line}-жол, ${p.column}-таңба)`,
  'unclosed-instruction': (p) => `<?…?> нұсқауы жабылмаған (${p.line}-жол, ${p.column}-таңба)`,
  'no-tag-name': (p) => `«<» белгісінен кейін тег атауы жоқ; мәтінде &lt; деп жазыңыз (${p.line}-жол, ${p.column}-таңба)`,
  'unclosed-start-tag': (p) => `<${p.tag}> тегі «>» белгісімен аяқталмаған (${p.line}-жол, ${p.column}-таңба)`,
  'unclosed-attribute': (p) => `<${p.tag}> ішіндегі атрибут мәнінің жабатын тырнақшасы жоқ (${p.line}-жол, ${p.column}-таңба)`,
  'too-many-seats': (p, f) => `онда ${f.n(p.max)} орыннан көп`,
  'too-many-sectors': (p, f) => `онда ${f.n(p.max)} сектордан көп`,
  'rules-not-object': () => 'ережелер жинағы «seats» тізімі бар объект болуы керек',
  'rules-no-match': (p) => `${KZ.rule(p)} «match» шарты жоқ`,
  'rules-bad-pattern': (p) => `${KZ.rule(p)} ${p.pattern} үлгісі тұрақты өрнек емес`,
  'no-shapes': () => 'орындар жоқ: сызбада орын бола алатын тұйық пішіндер жоқ',
  'no-repeated-shapes': (p, f) =>
    `орындар жоқ: орын өлшеміндегі бірде-бір пішін ${f.n(p.min)} немесе одан көп рет қайталанбайды (бірдей пішіндердің ең үлкен тобында — ${f.n(p.largest)})`,
  'no-seats': () => 'онда орындар да, тұрып көретін аймақтар да жоқ: сататын ештеңе жоқ',
  'attribute-too-large': (p, f) => `<${p.element}> элементінің ${p.attribute} атрибуты ${f.mb(p.bytes)} МБ, ал атрибут ең көбі ${f.mb(p.max)} МБ бола алады: пішінді жеңілдетіңіз немесе бөліктерге бөліңіз`,
  'script-left': (p) => `онда қауіпсіз алып тастау мүмкін болмаған скрипт бар («${p.near}» маңында)`,
}

const CH: Wording = {
  rule: (p) => (p.rule === 'seat' ? `座位規則「${p.name}」` : p.rule === 'standing' ? '站位區規則' : '區輪廓規則'),
  'not-text': () => '這不是 SVG 文字',
  'too-large': (p, f) => `檔案為 ${f.mb(p.bytes)} MB，座位圖最多只能 ${f.mb(p.max)} MB`,
  'root-not-svg': (p) => `這不是 SVG 座位圖：第一個元素是 <${p.name}>，而不是 <svg>`,
  'no-svg': () => '這不是 SVG 座位圖：檔案中沒有 <svg> 元素',
  'too-deep': (p, f) => `元素巢狀超過 ${f.n(p.max)} 層`,
  'use-too-deep': (p, f) => `<use> 參照巢狀超過 ${f.n(p.max)} 層`,
  'use-too-many': (p, f) => `<use> 參照總共重複超過 ${f.n(p.max)} 個元素`,
  'entity-declaration': () => '其中宣告了 XML 實體（<!ENTITY>），座位圖不得宣告：請移除 DOCTYPE',
  'unclosed-end-tag': (p) => `結束標籤缺少「>」（第 ${p.line} 行，第 ${p.column} 個字元）`,
  'unclosed-comment': (p) => `註解 <!-- … --> 未關閉（第 ${p.line} 行，第 ${p.column} 個字元）`,
  'unclosed-cdata': (p) => `CDATA 區段未關閉（第 ${p.line} 行，第 ${p.column} 個字元）`,
  'unclosed-declaration': (p) => `宣告 <!…> 未關閉（第 ${p.line} 行，第 ${p.column} 個字元）`,
  'unclosed-doctype-subset': (p) => `DOCTYPE 的內部 […] 未關閉（第 ${p.line} 行，第 ${p.column} 個字元）`,
  'unclosed-doctype': (p) => `DOCTYPE 未關閉（第 ${p.line} 行，第 ${p.column} 個字元）`,
  'unclosed-instruction': (p) => `處理指令 <?…?> 未關閉（第 ${p.line} 行，第 ${p.column} 個字元）`,
  'no-tag-name': (p) => `「<」後面沒有標籤名稱；文字中請寫 &lt;（第 ${p.line} 行，第 ${p.column} 個字元）`,
  'unclosed-start-tag': (p) => `標籤 <${p.tag}> 缺少「>」（第 ${p.line} 行，第 ${p.column} 個字元）`,
  'unclosed-attribute': (p) => `<${p.tag}> 中的屬性值缺少結尾引號（第 ${p.line} 行，第 ${p.column} 個字元）`,
  'too-many-seats': (p, f) => `座位超過 ${f.n(p.max)} 個`,
  'too-many-sectors': (p, f) => `區超過 ${f.n(p.max)} 個`,
  'rules-not-object': () => '規則集必須是含有「seats」清單的物件',
  'rules-no-match': (p) => `${CH.rule(p)}缺少「match」`,
  'rules-bad-pattern': (p) => `${CH.rule(p)}中的樣式 ${p.pattern} 不是正規表示式`,
  'no-shapes': () => '沒有座位：繪圖中沒有可能是座位的封閉圖形',
  'no-repeated-shapes': (p, f) => `沒有座位：沒有任何座位大小的圖形重複 ${f.n(p.min)} 次或以上（最大的一組相同圖形有 ${f.n(p.largest)} 個）`,
  'no-seats': () => '沒有座位，也沒有站位區：沒有可售的位置',
  'attribute-too-large': (p, f) => `<${p.element}> 的 ${p.attribute} 屬性為 ${f.mb(p.bytes)} MB，每個屬性最多只能 ${f.mb(p.max)} MB：請簡化或拆分圖形`,
  'script-left': (p) => `其中含有無法安全移除的指令碼（位於「${p.near}」附近）`,
}

/** Each language's wording of every refusal code (a missing code fails the type check; a unit test checks the texts). */
export const DRAWING_REFUSAL_WORDING: Readonly<Record<Lang, Wording>> = { ru: RU, en: EN, kz: KZ, ch: CH }

function numbersOf(lang: Lang): Numbers {
  const n = new Intl.NumberFormat(LOCALES[lang])
  return { n: (value) => n.format(value), mb: (bytes) => formatMegabytes(bytes, lang) }
}

/** The refusal in `lang`. */
export function refusalIn(r: VenueRefusal, lang: Lang): string {
  return (DRAWING_REFUSAL_WORDING[lang][r.code] as (p: VenueRefusal['params'], f: Numbers) => string)(r.params, numbersOf(lang))
}

/** The refusal in every language, the `detail` of 'admin-drawing-invalid'. */
export function refusalDetail(r: VenueRefusal): Readonly<Record<Lang, string>> {
  return Object.fromEntries(LANGS.map((l) => [l, refusalIn(r, l)])) as Record<Lang, string>
}
