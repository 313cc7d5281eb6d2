# The source template named "apache-access", looked up without managing it (disabled ones too):
# its id is what the SourceTemplate resource's get and `adopt: { id }` take.
apacheTemplate = invoke("collectors:index:getSourceTemplate", {
  name = "apache-access"
})

output apacheTemplateId {
  value = apacheTemplate.id
}
