# The source template named "apache-access", looked up without managing it (disabled ones too).
apacheTemplate = invoke("collectors:index:getSourceTemplate", {
  name = "apache-access"
})

output apacheTemplateLinked {
  value = apacheTemplate.totalCollectorLinked
}
