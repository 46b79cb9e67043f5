/** The example reads nvlower as a module: only its exported packages are visible here. */
module org.nvlower.example {
    requires org.nvlower;
}
