import type { z } from 'zod'
import { isIssueKey, type IssueKey } from '../../contract/admin/issues'
import type { Lang } from '../../contract/lang'
import { toMajor } from '../../contract/rules/money'
import { labelled, separatorsOf } from '../i18n/punctuation'

/**
 * What the contract's schemas refuse, in the console's words (ru, en, kz, ch): zod's own checks
 * by their issue code, the contract's own checks by their message key (contract/admin/issues.ts).
 * Every console form checks its input with the contract before sending and says the first
 * refusal through `firstIssue` below, so no form shows zod's English or a raw field key.
 */
const ru = {
  required: 'обязательное поле',
  number: 'нужно число',
  whole: 'нужно целое число',
  cents: 'не больше двух знаков после запятой',
  choose: 'выберите одно из предложенных значений',
  minLength: 'не короче {n} символов',
  maxLength: 'не длиннее {n} символов',
  min: 'не меньше {n}',
  above: 'больше {n}',
  max: 'не больше {n}',
  below: 'меньше {n}',
  minItems: 'выберите хотя бы {n}',
  maxItems: 'не больше {n} элементов',
  email: 'нужен адрес e-mail',
  url: 'нужен адрес сайта (https://…)',
  format: 'неверный формат',
  invalid: 'недопустимое значение',
  keys: {
    'percent-or-amount': 'укажите либо процент, либо сумму',
    'start-before-end': 'начало должно быть раньше конца',
    'single-use-no-max': 'у одноразового кода нет лимита использований',
    'promo-chars': 'только буквы, цифры, _ и -',
    link: 'путь от / или адрес http(s)',
    colour: 'цвет в виде #rrggbb',
    base64: 'файл не удалось прочитать',
    day: 'дата в виде ГГГГ-ММ-ДД',
    time: 'время в виде ЧЧ:ММ',
    'sub-menu-outside': 'подменю выбрано для пункта меню, которого нет у события',
    'sub-menu-twice': 'у пункта меню может быть только одно подменю',
    'too-large': 'файл слишком велик',
  } satisfies Record<IssueKey, string>,
}
export type IssueTexts = typeof ru

const en: IssueTexts = {
  required: 'required',
  number: 'a number is needed',
  whole: 'a whole number is needed',
  cents: 'at most two digits after the decimal point',
  choose: 'choose one of the offered values',
  minLength: 'at least {n} characters',
  maxLength: 'at most {n} characters',
  min: 'at least {n}',
  above: 'more than {n}',
  max: 'at most {n}',
  below: 'less than {n}',
  minItems: 'choose at least {n}',
  maxItems: 'at most {n} items',
  email: 'an e-mail address is needed',
  url: 'a web address is needed (https://…)',
  format: 'wrong format',
  invalid: 'not an allowed value',
  keys: {
    'percent-or-amount': 'give either a percent or an amount',
    'start-before-end': 'the start must be before the end',
    'single-use-no-max': 'a single-use code has no limit of uses',
    'promo-chars': 'letters, digits, _ and - only',
    link: 'a path starting with / or an http(s) address',
    colour: 'a colour as #rrggbb',
    base64: 'the file could not be read',
    day: 'a date as YYYY-MM-DD',
    time: 'a time as HH:MM',
    'sub-menu-outside': 'a sub-menu is chosen for a menu item the event is not in',
    'sub-menu-twice': 'a menu item has one sub-menu at most',
    'too-large': 'the file is too large',
  },
}

const kz: IssueTexts = {
  required: 'міндетті өріс',
  number: 'сан қажет',
  whole: 'бүтін сан қажет',
  cents: 'үтірден кейін екі таңбадан артық емес',
  choose: 'ұсынылған мәндердің бірін таңдаңыз',
  minLength: 'кемінде {n} таңба',
  maxLength: 'көп дегенде {n} таңба',
  min: 'кемінде {n}',
  above: '{n} санынан үлкен',
  max: 'көп дегенде {n}',
  below: '{n} санынан кіші',
  minItems: 'кемінде {n} таңдаңыз',
  maxItems: 'көп дегенде {n} элемент',
  email: 'e-mail мекенжайы қажет',
  url: 'сайт мекенжайы қажет (https://…)',
  format: 'пішімі қате',
  invalid: 'рұқсат етілмеген мән',
  keys: {
    'percent-or-amount': 'не пайызды, не соманы көрсетіңіз',
    'start-before-end': 'басталуы аяқталуынан бұрын болуы керек',
    'single-use-no-max': 'бір реттік кодта пайдалану шегі болмайды',
    'promo-chars': 'тек әріптер, сандар, _ және -',
    link: '/ белгісінен басталатын жол немесе http(s) мекенжайы',
    colour: '#rrggbb түріндегі түс',
    base64: 'файлды оқу мүмкін болмады',
    day: 'ЖЖЖЖ-АА-КК түріндегі күн',
    time: 'СС:ММ түріндегі уақыт',
    'sub-menu-outside': 'іс-шарада жоқ мәзір тармағы үшін ішкі мәзір таңдалған',
    'sub-menu-twice': 'мәзір тармағында тек бір ішкі мәзір болады',
    'too-large': 'файл тым үлкен',
  },
}

const ch: IssueTexts = {
  required: '必填',
  number: '須為數字',
  whole: '須為整數',
  cents: '小數點後最多兩位',
  choose: '請從提供的選項中選擇',
  minLength: '至少 {n} 個字元',
  maxLength: '最多 {n} 個字元',
  min: '至少 {n}',
  above: '須大於 {n}',
  max: '最多 {n}',
  below: '須小於 {n}',
  minItems: '至少選擇 {n} 項',
  maxItems: '最多 {n} 項',
  email: '須為電子郵件地址',
  url: '須為網址（https://…）',
  format: '格式不正確',
  invalid: '不允許的值',
  keys: {
    'percent-or-amount': '請擇一填寫百分比或金額',
    'start-before-end': '開始時間須早於結束時間',
    'single-use-no-max': '單次使用的代碼沒有使用次數上限',
    'promo-chars': '僅限字母、數字、_ 與 -',
    link: '以 / 開頭的路徑，或 http:// 或 https:// 網址',
    colour: '#rrggbb 格式的顏色',
    base64: '無法讀取檔案',
    day: 'YYYY-MM-DD 格式的日期',
    time: 'HH:MM 格式的時間',
    'sub-menu-outside': '為活動未包含的選單項目選擇了子選單',
    'sub-menu-twice': '每個選單項目最多一個子選單',
    'too-large': '檔案過大',
  },
}

export const ISSUE_TEXTS: Record<Lang, IssueTexts> = { ru, en, kz, ch }

/** How a form names its fields to `issueText`. */
export interface IssueFields {
  /** The console's label of a contract field, by its path joined with dots ("name_ru", "app.footer_links.0.url"; '' for a schema of one value); '' says the reason alone. */
  label: (key: string) => string
  /** Amount fields: the form takes major units (roubles) where the contract counts minor ones (kopecks). */
  money?: (key: string) => boolean
}

type Issue = z.core.$ZodIssue
type Words = Exclude<keyof IssueTexts, 'keys'>

const empty = (v: unknown) => v === undefined || v === null || v === ''
const isNumberOrigin = (origin: string) => origin === 'number' || origin === 'int' || origin === 'bigint'

/**
 * The reason of one issue in the console's words. A union's refusal (`'' | a link`) is said by
 * the first complaint of a branch that is more than "not this literal".
 */
function reasonOf(issue: Issue, t: IssueTexts, bound: (n: number | bigint) => string, money = false): string {
  const say = (w: Words, n?: number | bigint) => (n === undefined ? t[w] : t[w].replace('{n}', bound(n)))
  switch (issue.code) {
    case 'invalid_type':
      if (empty(issue.input)) return t.required
      // An amount typed with more than kopecks (typedMinor) is a fraction of a minor unit: not rounded, refused as such.
      if (issue.expected === 'int') return money ? t.cents : t.whole
      return issue.expected === 'number' ? t.number : t.invalid
    case 'too_small':
      // An empty field is one not filled in ("required"); "at least N characters" is for what was typed.
      if (issue.origin === 'string') return empty(issue.input) || Number(issue.minimum) <= 1 ? t.required : say('minLength', issue.minimum)
      if (isNumberOrigin(issue.origin)) return say(issue.inclusive === false ? 'above' : 'min', issue.minimum)
      return issue.origin === 'array' || issue.origin === 'set' ? say('minItems', issue.minimum) : t.invalid
    case 'too_big':
      if (issue.origin === 'string') return say('maxLength', issue.maximum)
      if (isNumberOrigin(issue.origin)) return say(issue.inclusive === false ? 'below' : 'max', issue.maximum)
      return issue.origin === 'array' || issue.origin === 'set' ? say('maxItems', issue.maximum) : t.invalid
    case 'invalid_format':
      // An empty e-mail or link is a field not filled in, not one of the wrong form.
      if (empty(issue.input)) return t.required
      if (isIssueKey(issue.message)) return t.keys[issue.message]
      return issue.format === 'email' ? t.email : issue.format === 'url' ? t.url : t.format
    case 'invalid_value':
      return t.choose
    case 'invalid_union': {
      const inner = issue.errors.flat().find((i) => i.code !== 'invalid_value' && i.code !== 'invalid_type')
      return inner ? reasonOf(inner, t, bound) : t.invalid
    }
    default:
      // 'custom' (the contract's refinements, worded by key) and the codes our forms do not meet.
      return isIssueKey(issue.message) ? t.keys[issue.message] : t.invalid
  }
}

/** One refusal of a contract schema as "Field: reason" in the console's language. */
export function issueText(issue: Issue, lang: Lang, fields: IssueFields): string {
  const key = issue.path.map(String).join('.')
  const money = fields.money?.(key) ?? false
  const bound = (n: number | bigint) => String(money ? toMajor(Number(n)) : n)
  const reason = reasonOf(issue, ISSUE_TEXTS[lang], bound, money)
  const label = fields.label(key)
  return label === '' ? reason : labelled(separatorsOf(lang), label, reason)
}

/**
 * Checks `body` with the contract's schema: its parsed data, or its first refusal in the console's
 * words with the refused field's key (its path joined with dots, as `IssueFields.label` gets it).
 */
export function firstIssue<S extends z.ZodType>(schema: S, body: unknown, lang: Lang, fields: IssueFields): { data: z.output<S>; error: null; field: null } | { data: null; error: string; field: string } {
  // The refused input comes with each issue, so an empty field is said as "required".
  const parsed = schema.safeParse(body, { reportInput: true })
  if (parsed.success) return { data: parsed.data, error: null, field: null }
  const issue = parsed.error.issues[0]
  return { data: null, error: issueText(issue, lang, fields), field: issue.path.map(String).join('.') }
}
