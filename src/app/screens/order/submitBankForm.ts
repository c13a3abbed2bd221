/**
 * Posts the bank's hidden form (form_action + form_bank, 001 §7): a real <form> with hidden
 * inputs submitted by the browser, so the bank receives an ordinary top-level POST.
 */
export function submitBankForm(action: string, fields: Record<string, string>, doc: Document = document): HTMLFormElement {
  const form = doc.createElement('form')
  form.method = 'POST'
  form.action = action
  form.hidden = true
  form.className = 'bank-form'
  for (const [name, value] of Object.entries(fields)) {
    const input = doc.createElement('input')
    input.type = 'hidden'
    input.name = name
    input.value = value
    form.appendChild(input)
  }
  doc.body.appendChild(form)
  form.submit()
  return form
}
