# systemd: units, the service account and the spool layout, generated from
# .in templates with the configured paths (make expands ${prefix} and the
# like fully, which configure's AC_CONFIG_FILES would not).

cairn_units = systemd/cairnd.service systemd/cairnd-batch.service \
	systemd/cairnd-batch.timer
systemdsystemunit_DATA = $(cairn_units)
sysusersdir = $(prefix)/lib/sysusers.d
sysusers_DATA = systemd/sysusers.d/cairnd.conf
tmpfilesdir = $(prefix)/lib/tmpfiles.d
tmpfiles_DATA = systemd/tmpfiles.d/cairnd.conf

cairn_systemd_in = systemd/cairnd.service.in systemd/cairnd-batch.service.in \
	systemd/cairnd-batch.timer.in systemd/cairnd-hardening.in \
	systemd/cairnd-sysusers.in systemd/cairnd-tmpfiles.in
EXTRA_DIST += $(cairn_systemd_in)
CLEANFILES += $(cairn_units) $(sysusers_DATA) $(tmpfiles_DATA) \
	systemd/test-cairnd.service systemd/test-cairnd-batch.service

# cairn_unit_edit IN SBINDIR - the template IN on stdout, with the shared
# sandbox block inserted and every @name@ replaced.  A spool under
# /var/lib becomes a StateDirectory= (systemd creates it); anywhere else
# it is a ReadWritePaths= that must exist (see the tmpfiles.d file).
cairn_unit_edit = cairn_unit_edit() { \
	spool='$(spooldir)'; \
	case $$spool in \
	/var/lib/?*) access="StateDirectory=$${spool\#/var/lib/}";; \
	*) access="ReadWritePaths=$$spool";; \
	esac; \
	sed -e '/^@hardening[@]$$/{r $(srcdir)/systemd/cairnd-hardening.in' -e 'd' -e '}' "$$1" | \
	sed -e "s|@spool_access[@]|$$access|g" \
	    -e "s|@sbindir[@]|$$2|g" \
	    -e 's|@sysconfdir[@]|$(sysconfdir)|g' \
	    -e "s|@spooldir[@]|$$spool|g"; \
	}; cairn_unit_edit

cairn_unit_gen = $(AM_V_GEN)$(MKDIR_P) $(@D) && rm -f $@ $@.tmp && \
	$(cairn_unit_edit) $< '$(sbindir)' >$@.tmp && mv $@.tmp $@

systemd/cairnd.service: systemd/cairnd.service.in systemd/cairnd-hardening.in Makefile
	$(cairn_unit_gen)
systemd/cairnd-batch.service: systemd/cairnd-batch.service.in systemd/cairnd-hardening.in Makefile
	$(cairn_unit_gen)
systemd/cairnd-batch.timer: systemd/cairnd-batch.timer.in Makefile
	$(cairn_unit_gen)
systemd/sysusers.d/cairnd.conf: systemd/cairnd-sysusers.in Makefile
	$(cairn_unit_gen)
systemd/tmpfiles.d/cairnd.conf: systemd/cairnd-tmpfiles.in Makefile
	$(cairn_unit_gen)

# Copies for tests/ops/systemd_units.sh whose ExecStart= names the cairnd of
# this build tree, so that `systemd-analyze verify` finds the binary.
systemd/test-cairnd.service: systemd/cairnd.service.in systemd/cairnd-hardening.in Makefile
	$(AM_V_GEN)$(MKDIR_P) $(@D) && rm -f $@ $@.tmp && \
	$(cairn_unit_edit) $< '$(abs_top_builddir)/src/daemon' >$@.tmp && mv $@.tmp $@
systemd/test-cairnd-batch.service: systemd/cairnd-batch.service.in systemd/cairnd-hardening.in Makefile
	$(AM_V_GEN)$(MKDIR_P) $(@D) && rm -f $@ $@.tmp && \
	$(cairn_unit_edit) $< '$(abs_top_builddir)/src/daemon' >$@.tmp && mv $@.tmp $@
nodist_noinst_DATA += systemd/test-cairnd.service systemd/test-cairnd-batch.service
