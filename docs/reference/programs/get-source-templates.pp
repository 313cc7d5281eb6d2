# The account's source templates, the disabled ones included.
allTemplates = invoke("collectors:index:getSourceTemplates", {
  showDisabled = true
})

output firstTemplate {
  value = allTemplates.templates[0].id
}
