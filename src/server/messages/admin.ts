import { AdminErrorCode } from '../../contract/admin/roles'
import { ErrorCode } from '../../contract/errors'
import type { Lang } from '../../contract/lang'

/**
 * Refusals of the operator console (issue 17), in the operator's language: the same catalogue
 * discipline as the storefront's (reasons.ts), kept in their own file so the console's words do
 * not crowd the visitor's. The console sends its language as `lang` (query or body).
 */

export const ADMIN_REASONS = {
  'admin-signed-out': AdminErrorCode.SIGNED_OUT,
  'admin-forbidden': AdminErrorCode.FORBIDDEN,
  'admin-bad-credentials': AdminErrorCode.BAD_CREDENTIALS,
  'admin-locked': AdminErrorCode.LOCKED,
  'admin-address-locked': AdminErrorCode.LOCKED,
  'admin-csrf': ErrorCode.CSRF,
  'admin-email-taken': AdminErrorCode.CONFLICT,
  'admin-slug-taken': AdminErrorCode.CONFLICT,
  'admin-last-owner': AdminErrorCode.CONFLICT,
  'admin-has-orders': AdminErrorCode.CONFLICT,
  'admin-nothing-to-sell': AdminErrorCode.CONFLICT,
  'admin-archived': AdminErrorCode.CONFLICT,
  'admin-not-found': ErrorCode.NOT_FOUND,
  'admin-bad-reference': ErrorCode.BAD_REQUEST,
  'admin-needs-drawing': ErrorCode.BAD_REQUEST,
  'admin-drawing-invalid': ErrorCode.BAD_REQUEST,
} as const satisfies Record<string, string>
export type AdminReason = keyof typeof ADMIN_REASONS

export const ADMIN_TEXTS: Record<Lang, Record<AdminReason, string>> = {
  ru: {
    'admin-signed-out': 'Войдите в консоль: сеанс закончился или ключ API недействителен',
    'admin-forbidden': 'Вашей роли это недоступно',
    'admin-bad-credentials': 'Неверный e-mail или пароль',
    'admin-locked': 'Слишком много неудачных попыток входа: учётная запись заблокирована на {minutes} мин.',
    'admin-address-locked': 'Слишком много неудачных попыток входа с вашего адреса: попробуйте через {minutes} мин.',
    'admin-csrf': 'Проверка CSRF не пройдена: обновите страницу',
    'admin-email-taken': 'Оператор с e-mail {email} уже есть',
    'admin-slug-taken': 'Текст с адресом {slug} уже есть',
    'admin-last-owner': 'Нельзя отключить или понизить последнего владельца',
    'admin-has-orders': 'По этой записи уже есть заказы: её нельзя удалить, отключите её',
    'admin-nothing-to-sell': 'Нечего публиковать: добавьте сеанс с ценами',
    'admin-archived': 'Событие в архиве',
    'admin-not-found': '{what} {id} не найден(о)',
    'admin-bad-reference': 'Неизвестное значение в поле {field}: {id}',
    'admin-needs-drawing': 'Сеансу события со схемой зала нужна схема площадки этого события',
    'admin-drawing-invalid': 'Схему не удалось прочитать: {detail}',
  },
  en: {
    'admin-signed-out': 'Sign in to the console: the session ended or the API token is not valid',
    'admin-forbidden': 'Your role may not do this',
    'admin-bad-credentials': 'Wrong e-mail or password',
    'admin-locked': 'Too many failed sign-ins: the account is locked for {minutes} min',
    'admin-address-locked': 'Too many failed sign-ins from your address: try again in {minutes} min',
    'admin-csrf': 'CSRF check failed: reload the page',
    'admin-email-taken': 'An operator with e-mail {email} exists already',
    'admin-slug-taken': 'A text at {slug} exists already',
    'admin-last-owner': 'The last owner cannot be disabled or demoted',
    'admin-has-orders': 'This has orders already: it cannot be deleted, switch it off instead',
    'admin-nothing-to-sell': 'Nothing to publish: add a session with prices',
    'admin-archived': 'The event is archived',
    'admin-not-found': '{what} {id} not found',
    'admin-bad-reference': 'Unknown value in {field}: {id}',
    'admin-needs-drawing': "A seat-map event's session needs a drawing of the event's venue",
    'admin-drawing-invalid': 'The drawing could not be read: {detail}',
  },
  kz: {
    'admin-signed-out': 'Консольге кіріңіз: сеанс аяқталды немесе API кілті жарамсыз',
    'admin-forbidden': 'Сіздің рөліңізге бұл қолжетімсіз',
    'admin-bad-credentials': 'E-mail немесе құпиясөз қате',
    'admin-locked': 'Кіру әрекеттері тым көп сәтсіз болды: тіркелгі {minutes} минутқа бұғатталды',
    'admin-address-locked': 'Сіздің мекенжайыңыздан кіру әрекеттері тым көп сәтсіз болды: {minutes} минуттан кейін қайталаңыз',
    'admin-csrf': 'CSRF тексерісі өтпеді: бетті жаңартыңыз',
    'admin-email-taken': '{email} e-mail бар оператор бұрыннан бар',
    'admin-slug-taken': '{slug} мекенжайлы мәтін бұрыннан бар',
    'admin-last-owner': 'Соңғы иені өшіруге немесе төмендетуге болмайды',
    'admin-has-orders': 'Бұл жазба бойынша тапсырыстар бар: оны жоюға болмайды, өшіріп қойыңыз',
    'admin-nothing-to-sell': 'Жариялайтын ештеңе жоқ: бағасы бар сеанс қосыңыз',
    'admin-archived': 'Іс-шара мұрағатта',
    'admin-not-found': '{what} {id} табылмады',
    'admin-bad-reference': '{field} өрісінде белгісіз мән: {id}',
    'admin-needs-drawing': 'Зал сызбасы бар іс-шараның сеансына осы алаңның сызбасы керек',
    'admin-drawing-invalid': 'Сызбаны оқу мүмкін болмады: {detail}',
  },
  ch: {
    'admin-signed-out': '請登入控制台：工作階段已結束或 API 權杖無效',
    'admin-forbidden': '您的角色無權執行此操作',
    'admin-bad-credentials': '電子郵件或密碼錯誤',
    'admin-locked': '登入失敗次數過多：帳戶已鎖定 {minutes} 分鐘',
    'admin-address-locked': '來自您位址的登入失敗次數過多：請於 {minutes} 分鐘後再試',
    'admin-csrf': 'CSRF 檢查未通過：請重新整理頁面',
    'admin-email-taken': '電子郵件為 {email} 的操作員已存在',
    'admin-slug-taken': '位址為 {slug} 的文字已存在',
    'admin-last-owner': '不能停用或降級最後一位擁有者',
    'admin-has-orders': '此項已有訂單：不能刪除，請改為停用',
    'admin-nothing-to-sell': '沒有可發佈的內容：請新增有價格的場次',
    'admin-archived': '活動已封存',
    'admin-not-found': '找不到 {what} {id}',
    'admin-bad-reference': '欄位 {field} 的值未知：{id}',
    'admin-needs-drawing': '座位圖活動的場次需要該場館的座位圖',
    'admin-drawing-invalid': '無法讀取座位圖：{detail}',
  },
}
